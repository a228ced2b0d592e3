package io.ichido.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that runs after every other of the run ({@link DeploymentOrder}), those on servers
 * of their own included ({@link ServersOfItsOwn}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ResourceLock(value = ServersOfItsOwn.LOCK, mode = ResourceAccessMode.READ)
public @interface AfterTheRun {}

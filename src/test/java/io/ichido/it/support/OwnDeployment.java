package io.ichido.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * An Arquillian test class with a deployment of its own on the build's server, run after every
 * class on the shared deployment ({@link DeploymentOrder}), and only once the classes on servers of
 * their own are done ({@link ServersOfItsOwn}): one of these classes restarts the shared
 * PostgreSQL, whose databases those may use.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ResourceLock(value = ServersOfItsOwn.LOCK, mode = ResourceAccessMode.READ)
public @interface OwnDeployment {}

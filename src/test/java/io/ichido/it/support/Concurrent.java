package io.ichido.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test that runs at the same time as its class's other {@code @Concurrent} tests (and, for a
 * parameterized test, its own other invocations): it touches only its own orders, SKUs, keys and
 * customers, and nothing every test shares (the gateway lanes, readiness, the SMTP server, the
 * payment log's sequencer). Most of such a test's time is waiting for the server, the sandbox or a
 * sweep, so a class of them takes about as long as its slowest test rather than their sum. Classes
 * still run one after the other (junit-platform.properties).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
public @interface Concurrent {}

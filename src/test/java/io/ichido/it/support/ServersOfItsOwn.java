package io.ichido.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class on a Liberty server and a database of its own, that touches nothing the other
 * classes share (the build's server, its deployment, the build's database and the orders in it): it
 * runs beside them, in JUnit's pool, from the start of the run. The classes on the shared
 * deployment wait on the server and the sandbox much of their time (half the machine's CPU is idle
 * then), and such a class fills that time instead of running on its own before them. The sandbox
 * still sends the webhooks of its payments to the build's server, which finds no charge of its own
 * in them and says so, as a server does with another shop's events.
 *
 * <p>These classes take turns among themselves (each holds {@link #LOCK} alone). Every class after
 * the shared deployment's waits until they are all done ({@link OwnDeployment}, {@link
 * AfterTheRun}): one of those restarts the PostgreSQL whose databases they may use, and the last
 * reads the whole run's books.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = ServersOfItsOwn.LOCK, mode = ResourceAccessMode.READ_WRITE)
public @interface ServersOfItsOwn {

  /**
   * Held alone by each class on servers of its own, and shared by the classes that wait for them.
   */
  String LOCK = "io.ichido.it.servers-of-their-own";

  /**
   * Where the order ids of the databases of their own begin, each class's ten million past the one
   * before: the sandbox tells orders apart by id, and the books after the run tell such an order's
   * charges from the build's database's by it.
   */
  long FIRST_ORDER_ID = 800_000_001L;
}

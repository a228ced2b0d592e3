package io.ichido.it.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The test run's one SMTP server (GreenMail) on the run's SMTP port, which every deployment mails,
 * and what it received. Started by the first test that asks for it ({@link #shared()}), it listens
 * until the test JVM exits. Tests count the mail of their own customers' addresses, never all of
 * it. A class on a server of its own, running beside the others, has an SMTP server of its own
 * ({@link #ofItsOwn(int)}): the shared one is stopped for a while by the tests of mail that waits.
 */
public final class Mailbox {

  /** The port the test WARs send to ({@code ichido.mail.port}). */
  public static final int PORT = Integer.parseInt(System.getProperty("ichido.smtpPort", "13025"));

  private static Mailbox shared;

  private final int port;
  private final GreenMail smtp;

  private Mailbox(int port) {
    this.port = port;
    this.smtp = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
  }

  /** The run's SMTP server, listening. */
  public static synchronized Mailbox shared() {
    if (shared == null) {
      // GreenMail says so at INFO for every new recipient: thousands of lines in a run.
      Logger.getLogger("com.icegreen.greenmail").setLevel(Level.WARNING);
      shared = new Mailbox(PORT);
      shared.start();
      Mailbox stopping = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(stopping::stop, "mailbox-stop"));
    }
    return shared;
  }

  /** An SMTP server of a test class's own on {@code port}, listening; the class stops it. */
  public static Mailbox ofItsOwn(int port) {
    Logger.getLogger("com.icegreen.greenmail").setLevel(Level.WARNING);
    Mailbox own = new Mailbox(port);
    own.start();
    return own;
  }

  /** The port it listens on, for a deployment's {@code ichido.mail.port}. */
  public int port() {
    return port;
  }

  /**
   * Listens again after {@link #stop()}; what it received before is kept. For a test that proves
   * mail waits while SMTP is away: every deployment's mail waits meanwhile, so such a test must run
   * alone.
   */
  public synchronized void start() {
    for (int attempt = 1; !smtp.isRunning(); attempt++) {
      // Whoever listened meanwhile (a test's own server) may still be letting go of the port; and
      // a process this JVM starts in the moment between the probe and GreenMail's bind inherits
      // the probe's socket until the JDK's launcher closes it in the child, so the bind can fail
      // although the port was free: then it is tried again.
      untilFree();
      try {
        smtp.start();
      } catch (RuntimeException failed) {
        if (attempt >= 5) {
          throw failed;
        }
      }
      if (!smtp.isRunning()) {
        if (attempt >= 5) {
          throw new IllegalStateException("The mailbox could not listen on port " + port);
        }
        smtp.stop();
      }
    }
  }

  /**
   * Stops listening: the SMTP port refuses connections until {@link #start()}. GreenMail's stop
   * returns before its server socket is closed, so this waits until the port can be bound (a test
   * that binds it next failed once, and the mailbox it then restarted stayed down for the rest of
   * the run).
   */
  public synchronized void stop() {
    smtp.stop();
    untilFree();
  }

  /** Until nothing listens on the port, at most ten seconds. */
  private void untilFree() {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      try (ServerSocket probe = new ServerSocket()) {
        probe.setReuseAddress(true);
        probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return;
      } catch (IOException listening) {
        if (System.nanoTime() > until) {
          throw new IllegalStateException("SMTP port " + port + " still taken", listening);
        }
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted waiting for SMTP port " + port, e);
      }
    }
  }

  public List<MimeMessage> to(String address) throws MessagingException {
    List<MimeMessage> found = new ArrayList<>();
    for (MimeMessage message :
        smtp.findReceivedMessages(user -> user.getEmail().equalsIgnoreCase(address), m -> true)
            .toList()) {
      for (Address to : message.getAllRecipients()) {
        if (to.toString().equalsIgnoreCase(address)) {
          found.add(message);
        }
      }
    }
    return found;
  }

  /** How many emails {@code address} has received; for waits that count. */
  public int count(String address) {
    try {
      return to(address).size();
    } catch (MessagingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits up to 30 s until {@code address} has received {@code count} emails or more. */
  public void await(String address, int count) {
    Await.until(
        count + " emails to " + address, Duration.ofSeconds(30), () -> count(address) >= count);
  }
}

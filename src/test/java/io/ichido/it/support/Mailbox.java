package io.ichido.it.support;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real SMTP server (GreenMail) on the test run's SMTP port, and what it received. Registered on a
 * test class ({@code @RegisterExtension static final Mailbox MAILBOX = new Mailbox();}), it listens
 * from before the class's first test until after its last.
 */
public final class Mailbox implements BeforeAllCallback, AfterAllCallback {

  /** The port the test WARs send to ({@code ichido.mail.port}). */
  public static final int PORT = Integer.parseInt(System.getProperty("ichido.smtpPort", "13025"));

  private final GreenMail smtp =
      new GreenMail(new ServerSetup(PORT, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    stop();
  }

  /** For a test that brings the SMTP server up later than its class starts. */
  public void start() {
    smtp.start();
  }

  public void stop() {
    smtp.stop();
  }

  public List<MimeMessage> to(String address) throws MessagingException {
    List<MimeMessage> found = new ArrayList<>();
    for (MimeMessage message : smtp.getReceivedMessages()) {
      for (Address to : message.getAllRecipients()) {
        if (to.toString().equalsIgnoreCase(address)) {
          found.add(message);
        }
      }
    }
    return found;
  }

  /** Waits up to 30 s until {@code address} has received {@code count} emails or more. */
  public void await(String address, int count) {
    Await.until(
        count + " emails to " + address,
        Duration.ofSeconds(30),
        () -> {
          try {
            return to(address).size() >= count;
          } catch (MessagingException e) {
            throw new IllegalStateException(e);
          }
        });
  }
}

package io.ichido.notifications.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SendDeadlineTest {

  /** The connect and read timeouts, which the deadline (half a second) must come long before. */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @Test
  @DisplayName(
      "Jakarta Mail opens its socket through the deadline, which ends a send stuck on a silent"
          + " server long before the read timeout")
  void cutsOffASilentServer() throws Exception {
    ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();
    try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
      SendDeadline deadline = new SendDeadline();
      Properties properties = new Properties();
      properties.put("mail.smtp.host", "127.0.0.1");
      properties.put("mail.smtp.port", Integer.toString(silent.getLocalPort()));
      properties.put("mail.smtp.socketFactory", deadline);
      properties.put("mail.smtp.socketFactory.fallback", "false");
      properties.put("mail.smtp.connectiontimeout", Long.toString(TIMEOUT.toMillis()));
      properties.put("mail.smtp.timeout", Long.toString(TIMEOUT.toMillis()));
      MimeMessage message = new MimeMessage(Session.getInstance(properties));
      message.setFrom(new InternetAddress("from@example.jp"));
      message.setRecipients(MimeMessage.RecipientType.TO, "to@example.jp");
      message.setText("hello");
      watchdog.schedule(deadline::pass, 500, TimeUnit.MILLISECONDS);

      long started = System.nanoTime();
      assertThatThrownBy(() -> Transport.send(message)).isInstanceOf(MessagingException.class);

      // Ended by the deadline, not the read timeout: however slowly a loaded machine got there.
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT);
      assertThat(deadline.passed()).isTrue();
    } finally {
      watchdog.shutdownNow();
    }
  }

  @Test
  @DisplayName("a socket asked for after the deadline is closed from the start")
  void lateSocketsAreClosed() throws Exception {
    SendDeadline deadline = new SendDeadline();
    deadline.pass();
    assertThat(deadline.createSocket().isClosed()).isTrue();
  }
}

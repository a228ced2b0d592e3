package io.ichido.notifications.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Date;
import java.util.Properties;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Hands one plain-text email to the configured SMTP server, within {@link
 * MailSettings#sendDeadline()}: connect, read and write timeouts for each step, and a watchdog that
 * hangs up when the whole conversation has taken their sum.
 */
@ApplicationScoped
public class Mailer {

  @Resource ManagedScheduledExecutorService scheduler;

  @Inject MailSettings settings;

  /** The longest {@link #send} takes before it fails. */
  public Duration deadline() {
    return settings.sendDeadline();
  }

  /**
   * @param messageId stable per outbox entry, so that a resend after a lost commit can be spotted
   *     downstream as the same message
   */
  public void send(String to, String subject, String body, String messageId)
      throws MessagingException {
    SendDeadline cutOff = new SendDeadline();
    ScheduledFuture<?> watchdog =
        scheduler.schedule(cutOff::pass, deadline().toMillis(), TimeUnit.MILLISECONDS);
    try {
      send(Session.getInstance(properties(cutOff)), to, subject, body, messageId);
    } catch (MessagingException e) {
      if (cutOff.passed()) {
        throw new MessagingException("No answer within the send deadline of " + deadline(), e);
      }
      throw e;
    } finally {
      watchdog.cancel(false);
    }
  }

  private void send(Session session, String to, String subject, String body, String messageId)
      throws MessagingException {
    MimeMessage message =
        new MimeMessage(session) {
          @Override
          protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", messageId);
          }
        };
    message.setFrom(new InternetAddress(settings.from()));
    message.setRecipients(MimeMessage.RecipientType.TO, InternetAddress.parse(to, true));
    message.setSubject(subject, StandardCharsets.UTF_8.name());
    message.setText(body, StandardCharsets.UTF_8.name());
    message.setSentDate(new Date());
    if (settings.username().isPresent()) {
      Transport.send(message, settings.username().get(), settings.password().orElse(""));
    } else {
      Transport.send(message);
    }
  }

  private Properties properties(SendDeadline cutOff) {
    Properties properties = new Properties();
    properties.put("mail.transport.protocol", "smtp");
    properties.put("mail.smtp.host", settings.host());
    properties.put("mail.smtp.port", Integer.toString(settings.port()));
    properties.put("mail.smtp.socketFactory", cutOff);
    properties.put("mail.smtp.socketFactory.fallback", "false");
    properties.put("mail.smtp.connectiontimeout", millis(settings.connectTimeout()));
    properties.put("mail.smtp.timeout", millis(settings.readTimeout()));
    properties.put("mail.smtp.writetimeout", millis(settings.writeTimeout()));
    properties.put("mail.smtp.auth", Boolean.toString(settings.username().isPresent()));
    properties.put("mail.smtp.starttls.enable", Boolean.toString(settings.starttls()));
    properties.put("mail.smtp.starttls.required", Boolean.toString(settings.starttls()));
    return properties;
  }

  private static String millis(Duration duration) {
    return Long.toString(duration.toMillis());
  }
}

package io.ichido.notifications.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

/** Hands one plain-text email to the configured SMTP server. */
@ApplicationScoped
public class Mailer {

  @Inject MailSettings settings;

  /**
   * @param messageId stable per outbox entry, so that a resend after a lost commit can be spotted
   *     downstream as the same message
   */
  public void send(String to, String subject, String body, String messageId)
      throws MessagingException {
    Session session = Session.getInstance(properties());
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

  private Properties properties() {
    Properties properties = new Properties();
    String timeout = Long.toString(settings.timeout().toMillis());
    properties.put("mail.transport.protocol", "smtp");
    properties.put("mail.smtp.host", settings.host());
    properties.put("mail.smtp.port", Integer.toString(settings.port()));
    properties.put("mail.smtp.connectiontimeout", timeout);
    properties.put("mail.smtp.timeout", timeout);
    properties.put("mail.smtp.writetimeout", timeout);
    properties.put("mail.smtp.auth", Boolean.toString(settings.username().isPresent()));
    properties.put("mail.smtp.starttls.enable", Boolean.toString(settings.starttls()));
    properties.put("mail.smtp.starttls.required", Boolean.toString(settings.starttls()));
    return properties;
  }
}

package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Date;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DevMailboxTest {

  private static final String SUBJECT = "ご注文ありがとうございます (注文 #12)";
  private static final String BODY =
      "山田太郎 様\n\nご注文を承りました。\n合計: ¥5,672 (うち消費税 ¥516)\n<b>not markup</b> & co.\n";

  private GreenMail smtp;
  private Session session;

  @BeforeEach
  void start() {
    ServerSetup setup = ServerSetupTest.SMTP.dynamicPort();
    // GreenMail gives its server 2 s to start, which a loaded machine running other test classes
    // meanwhile may not: start() would fail with the server still on its way up.
    setup.setServerStartupTimeout(Duration.ofSeconds(30).toMillis());
    smtp = new GreenMail(setup);
    smtp.start();
    Properties properties = new Properties();
    properties.put("mail.smtp.host", "127.0.0.1");
    properties.put("mail.smtp.port", Integer.toString(smtp.getSmtp().getPort()));
    session = Session.getInstance(properties);
  }

  @AfterEach
  void stop() {
    smtp.stop();
  }

  @Test
  @DisplayName("a Japanese receipt sent as Mailer sends it reads as Japanese, not quoted-printable")
  void asMailerSendsIt() throws Exception {
    MimeMessage message = new MimeMessage(session);
    message.setFrom(new InternetAddress("shop@ichido.test"));
    message.setRecipients(MimeMessage.RecipientType.TO, InternetAddress.parse("taro@example.jp"));
    // As Mailer builds it: UTF-8 subject (RFC 2047) and text (quoted-printable or base64).
    message.setSubject(SUBJECT, StandardCharsets.UTF_8.name());
    message.setText(BODY, StandardCharsets.UTF_8.name());
    message.setSentDate(new Date());
    Transport.send(message);

    MimeMessage received = smtp.getReceivedMessages()[0];
    assertThat(received.getHeader("Subject")[0]).startsWith("=?UTF-8?");
    String page = DevMailbox.page(Arrays.asList(received));

    assertThat(page)
        .contains("<b>" + SUBJECT + "</b>")
        .contains("ご注文を承りました。")
        .contains("合計: ¥5,672 (うち消費税 ¥516)")
        .contains("&lt;b&gt;not markup&lt;/b&gt; &amp; co.")
        .doesNotContain("=E3=81")
        .doesNotContain("=?UTF-8?");
  }

  @Test
  @DisplayName("a multipart message shows each text part decoded in its own charset")
  void multipart() throws Exception {
    MimeBodyPart plain = new MimeBodyPart();
    plain.setText("領収書を添付します。", "ISO-2022-JP");
    plain.setHeader("Content-Transfer-Encoding", "base64");
    MimeBodyPart html = new MimeBodyPart();
    html.setContent("<p>領収書 ¥5,672</p>", "text/html; charset=UTF-8");
    html.setHeader("Content-Transfer-Encoding", "quoted-printable");
    MimeBodyPart pdf = new MimeBodyPart();
    pdf.setContent(new byte[] {'%', 'P', 'D', 'F'}, "application/pdf");
    pdf.setFileName("receipt-12.pdf");
    MimeMessage message = new MimeMessage(session);
    message.setFrom(new InternetAddress("shop@ichido.test"));
    message.setRecipients(MimeMessage.RecipientType.TO, InternetAddress.parse("taro@example.jp"));
    message.setSubject("領収書", "ISO-2022-JP");
    message.setContent(new MimeMultipart(plain, html, pdf));
    Transport.send(message);

    String page = DevMailbox.page(Arrays.asList(smtp.getReceivedMessages()));

    assertThat(page)
        .contains("<b>領収書</b>")
        .contains("領収書を添付します。")
        .contains("&lt;p&gt;領収書 ¥5,672&lt;/p&gt;")
        .contains("attachment receipt-12.pdf");
  }
}

package io.ichido.dev;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Logger;

/**
 * The run command's local mail sink: a real SMTP server (GreenMail) that keeps every message, and a
 * page that shows them. {@code DevMailbox [--smtp-port=2525] [--http-port=8025]}, until killed.
 */
public final class DevMailbox {

  private static final Logger LOG = Logger.getLogger(DevMailbox.class.getName());

  private DevMailbox() {}

  public static void main(String[] args) throws Exception {
    int smtpPort = intArg(args, "--smtp-port=", 2525);
    int httpPort = intArg(args, "--http-port=", 8025);
    GreenMail smtp =
        new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    smtp.start();
    HttpServer http =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), httpPort), 16);
    http.createContext("/", exchange -> inbox(exchange, smtp));
    http.start();
    LOG.info(
        () ->
            "Local mailbox: SMTP on localhost:"
                + smtpPort
                + ", inbox at http://localhost:"
                + httpPort
                + "/");
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  http.stop(0);
                  smtp.stop();
                  stopped.countDown();
                }));
    stopped.await();
  }

  private static void inbox(HttpExchange exchange, GreenMail smtp) throws IOException {
    byte[] body = page(Arrays.asList(smtp.getReceivedMessages())).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** The inbox page: each message as a person reads it, newest first. */
  static String page(List<MimeMessage> messages) {
    StringBuilder page =
        new StringBuilder(
            "<!doctype html><meta charset=utf-8><title>Ichido local mailbox</title>"
                + "<style>body{font-family:sans-serif;margin:2em}article{border:1px solid #ccc;"
                + "padding:1em;margin:1em 0}pre{white-space:pre-wrap}</style>"
                + "<h1>Local mailbox</h1><p>"
                + messages.size()
                + " message(s), newest first. Nothing here leaves this machine.</p>");
    for (int i = messages.size() - 1; i >= 0; i--) {
      MimeMessage message = messages.get(i);
      try {
        // getSubject decodes RFC 2047 encoded-words (=?UTF-8?B?...?=).
        page.append("<article><p><b>")
            .append(escape(message.getSubject()))
            .append("</b><br>To: ")
            .append(escape(Arrays.toString(message.getAllRecipients())))
            .append("<br>Date: ")
            .append(escape(String.valueOf(message.getSentDate())))
            .append("</p>");
        part(message, page);
        page.append("</article>");
      } catch (MessagingException | IOException e) {
        page.append("<article>unreadable message: ")
            .append(escape(e.getMessage()))
            .append("</article>");
      }
    }
    return page.toString();
  }

  /**
   * A part's text, as jakarta.mail decodes it: the transfer encoding (quoted-printable, base64)
   * undone and the bytes read in the charset its Content-Type names; a multipart part by part. HTML
   * is shown as its source, escaped: a mail sink never runs what a message brings.
   */
  private static void part(Part part, StringBuilder page) throws MessagingException, IOException {
    if (part.isMimeType("multipart/*")) {
      Multipart parts = (Multipart) part.getContent();
      for (int i = 0; i < parts.getCount(); i++) {
        part(parts.getBodyPart(i), page);
      }
    } else if (part.isMimeType("text/*")
        && !Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
      if (!part.isMimeType("text/plain")) {
        page.append("<p><i>").append(escape(part.getContentType())).append("</i></p>");
      }
      page.append("<pre>").append(escape(text(part))).append("</pre>");
    } else {
      page.append("<p><i>attachment ")
          .append(escape(part.getFileName()))
          .append(" (")
          .append(escape(part.getContentType()))
          .append(")</i></p>");
    }
  }

  private static String text(Part part) throws MessagingException, IOException {
    try {
      return String.valueOf(part.getContent());
    } catch (UnsupportedEncodingException e) {
      // A charset Java does not know: its bytes as they came, which beats no body at all.
      return "(charset not supported: " + e.getMessage() + ")\n" + GreenMailUtil.getBody(part);
    }
  }

  private static String escape(String text) {
    return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static int intArg(String[] args, String prefix, int fallback) {
    for (String arg : args) {
      if (arg.startsWith(prefix)) {
        return Integer.parseInt(arg.substring(prefix.length()));
      }
    }
    return fallback;
  }
}

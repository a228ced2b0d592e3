package io.ichido.it.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import jakarta.mail.MessagingException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outbox against an SMTP server that hangs: the real server, the gateway sandbox, a socket that
 * accepts and never answers, then a real SMTP server (GreenMail) on the same port.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@OwnDeployment
class OutboxIT {

  private static final Api SHOP_A = Api.as("shop-a");

  /** More receipts than the server's database pool has connections (DB_POOL_MAX, 40). */
  private static final int EMAILS = 45;

  /** Paying an order takes well under a second here; a request waiting for a connection, 10 s. */
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

  private static final int SENDERS = 2;

  @Deployment
  static WebArchive deployment() {
    Map<String, String> config = Deployments.mailingTheMailbox();
    // Each email hangs for a read timeout: long enough to pay every order meanwhile.
    config.put("ichido.mail.read-timeout", "PT30S");
    config.put("ichido.mail.lease", "PT2M");
    config.put("ichido.mail.senders", Integer.toString(SENDERS));
    return Deployments.appWith("ichido-outbox", config);
  }

  @Test
  @DisplayName(
      "SMTP hangs while 45 receipts queue: every payment answers within 5 s, at most "
          + SENDERS
          + " emails are in flight and no transaction stays open; SMTP back, each email goes once")
  void smtpHangs() throws Exception {
    String sku = Db.newProduct(EMAILS + 10, 1000, 10);
    List<String> customers = new ArrayList<>();
    Mailbox mailbox = Mailbox.shared();
    for (int i = 0; i < 3; i++) { // a fresh server's first requests are slow for other reasons
      pay(sku, "warm-up@example.jp", Duration.ofSeconds(60));
    }
    // This class's deployment alone is on the server: no other mail waits while SMTP hangs.
    mailbox.stop();
    try (SilentSmtp silent = new SilentSmtp(Mailbox.PORT)) {
      for (int i = 0; i < EMAILS; i++) {
        String email = "outbox-" + UUID.randomUUID() + "@example.jp";
        customers.add(email);
        assertThat(pay(sku, email, ANSWER_WITHIN))
            .as("order %d of %d", i + 1, EMAILS)
            .isEqualTo("PAID");
      }
      Await.until("the outbox to try to send", () -> silent.open() >= 1);
      assertThat(pay(sku, "outbox-after@example.jp", ANSWER_WITHIN)).isEqualTo("PAID");
      assertThat(
              Db.count(
                  "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                      + " AND state = 'idle in transaction'"
                      + " AND xact_start < now() - interval '2 seconds'"))
          .as("transactions left open while SMTP hangs")
          .isZero();
      assertThat(silent.mostOpen()).as("emails sent at once").isLessThanOrEqualTo(SENDERS);
      assertThat(
              Db.count(
                  "SELECT count(*) FROM email_outbox WHERE status = 'PENDING' AND recipient LIKE"
                      + " 'outbox-%@example.jp'"))
          .isEqualTo(EMAILS + 1);
    } finally {
      mailbox.start();
    }
    customers.add("outbox-after@example.jp");
    // An email is marked SENT only after the SMTP server took it, and a SENT one is never sent
    // again: once every row is SENT, what the mailbox holds is all there will ever be.
    Await.until(
        "every receipt sent once SMTP is back",
        Duration.ofSeconds(90),
        () ->
            Db.count(
                    "SELECT count(*) FROM email_outbox WHERE status = 'SENT' AND recipient LIKE"
                        + " 'outbox-%@example.jp'")
                == customers.size());
    for (String customer : customers) {
      assertThat(received(mailbox, customer)).as(customer).isEqualTo(1);
    }
  }

  /** Places and pays an order by card, each request answered within {@code limit}. */
  private static String pay(String sku, String email, Duration limit) {
    HttpResponse<String> placed =
        timed(
            limit,
            () ->
                SHOP_A.postJson(
                    "/api/orders", "order-" + UUID.randomUUID(), OrderJson.of(email, sku, 1)));
    assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
    JsonNode order = Shopper.json(placed.body());
    HttpResponse<String> charged =
        timed(
            limit,
            () ->
                SHOP_A.postJson(
                    "/api/payments/charge",
                    "pay-" + UUID.randomUUID(),
                    Shopper.chargeBody(
                        order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe"), email)));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    return Shopper.json(charged.body()).path("order_status").asText();
  }

  private static HttpResponse<String> timed(
      Duration limit, Supplier<HttpResponse<String>> request) {
    long started = System.nanoTime();
    HttpResponse<String> answer = request.get();
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took)
        .as("%s answered %d: %s", answer.request().uri(), answer.statusCode(), answer.body())
        .isLessThan(limit);
    return answer;
  }

  private static int received(Mailbox mailbox, String address) {
    try {
      return mailbox.to(address).size();
    } catch (MessagingException e) {
      throw new IllegalStateException(e);
    }
  }
}

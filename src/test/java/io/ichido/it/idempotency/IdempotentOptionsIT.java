package io.ichido.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.idempotency.standalone.LedgerJson;
import io.ichido.it.idempotency.standalone.LedgerKeyEvents;
import io.ichido.it.idempotency.standalone.LedgerOptionsResource;
import io.ichido.it.idempotency.standalone.LedgerResource;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OwnDeployment;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code @Idempotent}'s options on a team's own WAR, through real HTTP: the fingerprint of chosen
 * members, the key in the body, the cap on stored answers, which failures a key keeps, the key's
 * expiry on every answer, and the events a team's observer hears.
 */
@ArquillianTest
@OwnDeployment
class IdempotentOptionsIT {

  private static final String BASE = "/ledger-options/api/ledger/options/";
  private static final String LEDGER = "/ledger-options/api/ledger";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final DateTimeFormatter IMF_FIXDATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH);

  @Deployment(testable = false)
  static WebArchive deployment() {
    return StandaloneIdempotencyIT.ledgerWar(
            "ledger-options.war", StandaloneIdempotencyIT.layerJar())
        .addClasses(LedgerOptionsResource.class, LedgerKeyEvents.class, LedgerJson.class);
  }

  @BeforeAll
  static void ledgerTable() {
    StandaloneIdempotencyIT.ledgerTable();
  }

  private static String key() {
    return "options-" + UUID.randomUUID();
  }

  private static long rows(String key) {
    return Db.count("SELECT count(*) FROM it_ledger WHERE idem_key = ?", key);
  }

  private static HttpResponse<String> post(
      String path, String key, String body, String... headers) {
    HttpRequest.Builder request =
        SHOP_A
            .request(BASE + path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    return Api.send(headers.length == 0 ? request.build() : request.headers(headers).build());
  }

  private static String entry(long amount, String nonce) {
    return "{\"amount\":"
        + amount
        + ",\"note\":\"coffee\",\"nonce\":\""
        + nonce
        + "\",\"sentAt\":\""
        + Instant.now()
        + "\"}";
  }

  private static String events(String key) {
    return SHOP_A.get(BASE + "events?key=" + key).body();
  }

  /** The key's expiry as the store has it, as the header must spell it (to the second, up). */
  private static String storedExpiry(String key) {
    Instant expires =
        Instant.parse(
            Db.text(
                "SELECT to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')"
                    + " FROM idempotency_key WHERE scope = 'principal:shop-a' AND idem_key = ?",
                key));
    Instant second = expires.truncatedTo(ChronoUnit.SECONDS);
    if (second.isBefore(expires)) {
      second = second.plusSeconds(1);
    }
    return IMF_FIXDATE.format(ZonedDateTime.ofInstant(second, ZoneOffset.UTC));
  }

  @Test
  @DisplayName(
      "fingerprintExclude: a new nonce and send time on each retry replay; another amount is 422")
  void excludedMembersDoNotCount() {
    String key = key();

    HttpResponse<String> first = post("volatile", key, entry(100, "n1"));
    HttpResponse<String> retry = post("volatile", key, entry(100, "n2"));
    HttpResponse<String> other = post("volatile", key, entry(101, "n3"));

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(retry.statusCode()).isEqualTo(201);
    assertThat(retry.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(other.statusCode()).isEqualTo(422);
    assertThat(other.body()).contains("idempotency-key-reused");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "fingerprintInclude: only the amount counts; another note replays, another amount 422")
  void onlyIncludedMembersCount() {
    String key = key();

    HttpResponse<String> first = post("amount-only", key, "{\"amount\":500,\"note\":\"a\"}");
    HttpResponse<String> retry = post("amount-only", key, "{\"note\":\"b\",\"amount\":500}");
    HttpResponse<String> other = post("amount-only", key, "{\"amount\":501,\"note\":\"a\"}");

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(other.statusCode()).isEqualTo(422);
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "keyPointer: the invoice number is the key; missing 400, not a string 400, another header"
          + " 400, another body 422")
  void keyInTheBody() {
    String invoice = "INV-" + UUID.randomUUID();
    String body = "{\"invoiceNo\":\"" + invoice + "\",\"amount\":1200}";

    HttpResponse<String> first = post("invoices", null, body);
    HttpResponse<String> retry = post("invoices", null, body);
    HttpResponse<String> withHeader = post("invoices", invoice, body);
    HttpResponse<String> otherHeader = post("invoices", "another-key", body);
    HttpResponse<String> otherAmount =
        post("invoices", null, "{\"invoiceNo\":\"" + invoice + "\",\"amount\":1300}");
    HttpResponse<String> missing = post("invoices", null, "{\"amount\":1200}");
    HttpResponse<String> number = post("invoices", null, "{\"invoiceNo\":42,\"amount\":1200}");

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(withHeader.body()).as("the same key in both").isEqualTo(first.body());
    assertThat(otherHeader.statusCode()).isEqualTo(400);
    assertThat(otherHeader.body())
        .contains("idempotency-key-invalid")
        .contains("name different keys");
    assertThat(otherAmount.statusCode()).isEqualTo(422);
    assertThat(missing.statusCode()).isEqualTo(400);
    assertThat(missing.body()).contains("idempotency-key-missing").contains("/invoiceNo");
    assertThat(number.statusCode()).isEqualTo(400);
    assertThat(number.body()).contains("idempotency-key-invalid").contains("not a JSON string");
    assertThat(rows(invoice)).isEqualTo(1);
    assertThat(Db.keys("principal:shop-a", invoice)).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "an answer over maxStoredBytes: the first request gets it whole, a replay 409 naming its"
          + " status and Location, the endpoint runs once")
  void largeAnswersAreNotStored() {
    String small = key();
    String large = key();

    HttpResponse<String> smallFirst = post("reports", small, "{\"size\":500}");
    HttpResponse<String> smallAgain = post("reports", small, "{\"size\":500}");
    HttpResponse<String> first = post("reports", large, "{\"size\":5000}");
    HttpResponse<String> again = post("reports", large, "{\"size\":5000}");

    assertThat(smallAgain.body()).isEqualTo(smallFirst.body());
    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.body()).hasSize(5000);
    String location = first.headers().firstValue("Location").orElseThrow();
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(again.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(again.headers().firstValue("Location")).hasValue(location);
    assertThat(again.body())
        .contains("https://ichido.dev/problems/idempotency-response-not-stored")
        .contains("\"original_status\":201")
        .contains("\"location\":\"" + location + "\"");
    assertThat(rows(large)).isEqualTo(1);
    assertThat(
            Db.count(
                "SELECT response_dropped_bytes FROM idempotency_key WHERE idem_key = ?"
                    + " AND response_body IS NULL",
                large))
        .isEqualTo(5000);
  }

  @Test
  @DisplayName(
      "failures = RELEASED: a declined request leaves nothing; the retry runs, with any body")
  void releasedFailuresRunAgain() {
    String key = key();

    String other = entry(200, "b");
    HttpResponse<String> declined =
        post("released", key, entry(100, "a"), LedgerResource.FAIL, "client-error");
    HttpResponse<String> otherBody = post("released", key, other);
    HttpResponse<String> replay = post("released", key, other);

    assertThat(declined.statusCode()).isEqualTo(402);
    assertThat(declined.headers().firstValue("Idempotency-Key-Expires"))
        .as("a released key has no expiry")
        .isEmpty();
    assertThat(otherBody.statusCode()).isEqualTo(201);
    assertThat(otherBody.body()).contains("\"amount\":200");
    assertThat(replay.body()).isEqualTo(otherBody.body());
    assertThat(rows(key)).as("the declined request's row rolled back").isEqualTo(1);
  }

  @Test
  @DisplayName(
      "failures = RETRIED: a declined request runs again under its key; another body is 422")
  void retriedFailuresKeepTheirRequest() {
    String key = key();
    String body = entry(300, "same");

    HttpResponse<String> declined = post("retried", key, body, LedgerResource.FAIL, "client-error");
    HttpResponse<String> otherBody = post("retried", key, entry(301, "other"));
    HttpResponse<String> again = post("retried", key, body);
    HttpResponse<String> replay = post("retried", key, body);

    assertThat(declined.statusCode()).isEqualTo(402);
    assertThat(otherBody.statusCode()).isEqualTo(422);
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(replay.body()).isEqualTo(again.body());
    assertThat(replay.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "Idempotency-Key-Expires on the first answer, its replay, a 409 and a 422: the store's"
          + " expiry, as an HTTP date")
  void everyAnswerSaysWhenItsKeyExpires() throws Exception {
    String key = key();
    String body = "{\"amount\":100,\"note\":\"coffee\"}";

    HttpResponse<String> first = SHOP_A.postJson(LEDGER, key, body);
    String expiry = storedExpiry(key);
    HttpResponse<String> replay = SHOP_A.postJson(LEDGER, key, body);
    HttpResponse<String> reused = SHOP_A.postJson(LEDGER, key, "{\"amount\":101}");

    assertThat(first.headers().firstValue("Idempotency-Key-Expires")).hasValue(expiry);
    assertThat(replay.headers().firstValue("Idempotency-Key-Expires")).hasValue(expiry);
    assertThat(reused.headers().firstValue("Idempotency-Key-Expires")).hasValue(expiry);
    assertThat(
            ZonedDateTime.parse(expiry, IMF_FIXDATE.withZone(ZoneOffset.UTC))
                .toInstant()
                .isAfter(Instant.now().plus(23, ChronoUnit.HOURS)))
        .as("the default retention, 24 h")
        .isTrue();

    String slow = key();
    CompletableFuture<HttpResponse<String>> running =
        CompletableFuture.supplyAsync(
            () ->
                Api.send(
                    SHOP_A
                        .request(LEDGER)
                        .header("Content-Type", "application/json")
                        .header("Idempotency-Key", slow)
                        .header(LedgerResource.SLEEP_MS, "1500")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build()));
    Await.until("the slow request to claim its key", () -> Db.keys("principal:shop-a", slow) == 1);
    HttpResponse<String> twin = SHOP_A.postJson(LEDGER, slow, body);
    assertThat(twin.statusCode()).isEqualTo(409);
    assertThat(twin.headers().firstValue("Idempotency-Key-Expires")).hasValue(storedExpiry(slow));
    assertThat(running.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(201);
  }

  @Test
  @DisplayName(
      "a team's observer hears each key claimed, completed, replayed, reused and released, with"
          + " method, path and status")
  void observersHearEachKeyEvent() {
    String key = key();
    String body = entry(100, "a");

    post("retried", key, body, LedgerResource.FAIL, "client-error");
    post("retried", key, entry(999, "b"));
    post("retried", key, body);
    post("retried", key, body);

    assertThat(events(key))
        .isEqualTo(
            String.join(
                "\n",
                "CLAIMED 0 POST /ledger/options/retried expires",
                "RELEASED 402 POST /ledger/options/retried",
                "REUSED 422 POST /ledger/options/retried expires",
                "CLAIMED 0 POST /ledger/options/retried expires",
                "COMPLETED 201 POST /ledger/options/retried expires",
                "REPLAYED 201 POST /ledger/options/retried expires"));
  }
}

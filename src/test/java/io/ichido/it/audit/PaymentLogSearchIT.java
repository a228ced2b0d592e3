package io.ichido.it.audit;

import static io.ichido.it.support.PaymentLog.search;
import static io.ichido.it.support.PaymentLog.verify;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Shopper;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What an auditor asks of the payment log over the API, against the real server and database:
 * search and paging, the CSV export, corrections, who may ask, and the questions refused.
 */
class PaymentLogSearchIT extends OnSharedDeployment {

  private static final String LOG = "/api/audit/payment-log";
  private static final Api AUDITOR = Api.as("auditor");
  private static final Api SHOP_A = Api.as("shop-a");

  @Test
  @DisplayName("date, amount and counterparty as ranges and in combination; pages stay put")
  void searchAndPaging() {
    String customer = OrderJson.customer("search");
    Instant before = Instant.now();
    Shopper shopper = new Shopper(SHOP_A);
    for (int quantity = 1; quantity <= 5; quantity++) {
      shopper.order(Db.newProduct(10, 1000, 10), quantity, customer);
    }
    Instant after = Instant.now();
    String range = "&from=" + before + "&to=" + after;
    String mine = "&counterparty=" + customer + "&kind=ORDER_CREATED";

    assertThat(search(mine).path("items")).hasSize(5);
    assertThat(search(mine + range).path("items")).hasSize(5);
    assertThat(search(mine + "&to=" + before).path("items")).isEmpty();
    // 1,100 yen per unit with tax: 2 and 3 units fall in 2,000..3,400
    JsonNode amounts = search(mine + range + "&minAmount=2000&maxAmount=3400");
    assertThat(amounts.path("items")).hasSize(2);
    amounts
        .path("items")
        .forEach(e -> assertThat(e.path("amount").asLong()).isBetween(2000L, 3400L));
    assertThat(search("minAmount=2000&maxAmount=3400" + range + mine).path("items")).hasSize(2);

    JsonNode first = search(mine + "&size=2");
    assertThat(first.path("items")).hasSize(2);
    long asOf = first.path("asOf").asLong();
    shopper.order(Db.newProduct(10, 1000, 10), 9, customer); // appended meanwhile
    JsonNode byCursor = search(mine + "&size=2&cursor=" + first.path("next").asText());
    JsonNode byPage = search(mine + "&size=2&page=2&asOf=" + asOf);
    assertThat(byCursor.path("items")).isEqualTo(byPage.path("items"));
    JsonNode last = search(mine + "&size=2&page=3&asOf=" + asOf);
    assertThat(last.path("items")).hasSize(1);
    assertThat(last.has("next")).isFalse();
    Set<Long> seen = new HashSet<>();
    for (JsonNode page : List.of(first, byPage, last)) {
      page.path("items").forEach(e -> assertThat(seen.add(e.path("seq").asLong())).isTrue());
    }
    assertThat(seen).hasSize(5);
  }

  @Test
  @DisplayName("CSV: UTF-8 with BOM, a header, the same rows as the JSON search")
  void csvExport() {
    String customer = OrderJson.customer("csv,カンマ");
    new Shopper(SHOP_A).order(Db.newProduct(10, 1000, 10), 1, customer);
    HttpResponse<byte[]> csv =
        Api.sendBytes(
            AUDITOR
                .request(LOG + "?counterparty=" + encode(customer))
                .header("Accept", "text/csv")
                .GET()
                .build());
    assertThat(csv.statusCode()).isEqualTo(200);
    assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
    byte[] bytes = csv.body();
    assertThat(bytes[0] & 0xff).isEqualTo(0xEF);
    assertThat(bytes[1] & 0xff).isEqualTo(0xBB);
    assertThat(bytes[2] & 0xff).isEqualTo(0xBF);
    String[] lines = new String(bytes, StandardCharsets.UTF_8).substring(1).split("\r\n");
    assertThat(lines[0]).startsWith("seq,logged_at,kind,order_id,counterparty,amount");
    assertThat(lines)
        .hasSize(1 + search("counterparty=" + encode(customer) + "&size=500").path("items").size());
    assertThat(lines[lines.length - 1]).contains("ORDER_CREATED").contains("\"" + customer + "\"");
  }

  @Test
  @DisplayName("only auditors: a client gets 403 and the attempt is logged; every search is logged")
  void auditorsOnly() {
    HttpResponse<String> refused = SHOP_A.get(LOG + "?counterparty=someone");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(refused.body()).contains("forbidden");
    assertThat(Api.anonymous().get(LOG).statusCode()).isEqualTo(401);

    JsonNode denied = search("kind=AUDIT_ACCESS_DENIED&size=1").path("items").get(0);
    assertThat(denied.path("actor").asText()).isEqualTo("shop-a");
    assertThat(denied.path("details").path("query").asText()).isEqualTo("counterparty=someone");
    // The newest AUDIT_QUERY is this very search; the one before is the search just made.
    JsonNode query = search("kind=AUDIT_QUERY&size=2").path("items").get(1);
    assertThat(query.path("actor").asText()).isEqualTo("auditor");
    assertThat(query.path("details").path("query").asText())
        .isEqualTo("kind=AUDIT_ACCESS_DENIED&size=1");
  }

  @Test
  @DisplayName("a correction is a new entry naming the one it corrects; the old one stays")
  void corrections() {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 900, 10), 1);
    JsonNode entry =
        search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED").path("items").get(0);
    long seq = entry.path("seq").asLong();

    HttpResponse<String> corrected =
        AUDITOR.postJson(
            LOG + "/" + seq + "/corrections",
            null,
            "{\"reason\":\"customer name misspelt\",\"amount\":990,\"currency\":\"JPY\"}");
    assertThat(corrected.statusCode()).as(corrected.body()).isEqualTo(201);

    JsonNode correction = search("kind=CORRECTION&size=1").path("items").get(0);
    assertThat(correction.path("corrects").asLong()).isEqualTo(seq);
    assertThat(correction.path("actor").asText()).isEqualTo("auditor");
    assertThat(correction.path("details").path("reason").asText())
        .isEqualTo("customer name misspelt");
    assertThat(
            search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED")
                .path("items")
                .get(0))
        .isEqualTo(entry);
    HttpResponse<String> unknown =
        AUDITOR.postJson(LOG + "/999999999/corrections", null, "{\"reason\":\"x\"}");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(Shopper.json(unknown.body()).path("type").asText())
        .isEqualTo("https://ichido.dev/problems/log-entry-not-found");
    assertThat(AUDITOR.postJson(LOG + "/" + seq + "/corrections", null, "{}").statusCode())
        .isEqualTo(400);
    assertThat(verify().path("intact").asBoolean()).isTrue();
  }

  @Test
  @DisplayName("bad search input gets the problem naming the parameter, never a 500 or a 404")
  void badInput() {
    String instant = "must be an ISO-8601 instant such as 2026-11-01T00:00:00Z";
    // Values of the wrong type, filters at odds: the JSON search and the CSV export alike.
    Map<String, String> everywhere = new LinkedHashMap<>();
    everywhere.put("from=yesterday", "from " + instant);
    everywhere.put("to=2026-01-01", "to " + instant);
    everywhere.put("minAmount=ten", "minAmount must be a whole number");
    everywhere.put("maxAmount=1.5", "maxAmount must be a whole number");
    everywhere.put("orderId=order-1", "orderId must be a whole number");
    everywhere.put("kind=NOPE", "kind is not a kind of entry");
    everywhere.put("page=two", "page must be a whole number");
    everywhere.put("size=1e3", "size must be a whole number");
    everywhere.put("asOf=latest", "asOf must be a whole number");
    everywhere.put("from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to must be after from");
    everywhere.put("minAmount=5&maxAmount=1", "maxAmount must not be below minAmount");
    everywhere.forEach(
        (query, detail) -> {
          assertRefused(query, "application/json", detail);
          assertRefused(query, "text/csv", detail);
        });
    // Paging rules are the JSON search's alone.
    Map<String, String> searchOnly = new LinkedHashMap<>();
    searchOnly.put("size=0", "size must be between 1 and 500");
    searchOnly.put("size=100000", "size must be between 1 and 500");
    searchOnly.put("page=-1", "page must be between 1 and " + Integer.MAX_VALUE);
    searchOnly.put("asOf=-1", "asOf must not be negative");
    searchOnly.put("cursor=garbage", "cursor is not a cursor this API gave out");
    searchOnly.forEach((query, detail) -> assertRefused(query, "application/json", detail));
  }

  private static void assertRefused(String query, String accept, String detail) {
    HttpResponse<String> answer =
        Api.send(AUDITOR.request(LOG + "?" + query).header("Accept", accept).GET().build());
    assertThat(answer.statusCode()).as(query + " " + accept).isEqualTo(400);
    assertThat(answer.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    JsonNode problem = Shopper.json(answer.body());
    assertThat(problem.path("type").asText())
        .isEqualTo("https://ichido.dev/problems/invalid-log-query");
    assertThat(problem.path("detail").asText()).isEqualTo("Parameter " + detail + ".");
  }

  @Test
  @DisplayName("a blank parameter is absent: page and size fall back to their defaults")
  void blankIsAbsent() {
    String blank =
        "from=&to=%20&minAmount=&maxAmount=&counterparty=&orderId=%20&gateway=&status="
            + "&idempotencyKey=&kind=&asOf=&cursor=&page=&size=";
    JsonNode page = search(blank);
    assertThat(page.path("page").asInt()).isEqualTo(1);
    assertThat(page.path("size").asInt()).isEqualTo(50);
    long head = page.path("asOf").asLong();
    assertThat(search(blank.replace("asOf=", "asOf=" + head)).path("items"))
        .isEqualTo(search("asOf=" + head).path("items"));
    // The export reads the same parameters; one status that matches nothing keeps it short.
    String noneOfThem = blank.replace("status=", "status=none-of-them");
    HttpResponse<String> csv =
        Api.send(
            AUDITOR.request(LOG + "?" + noneOfThem).header("Accept", "text/csv").GET().build());
    assertThat(csv.statusCode()).as(csv.body()).isEqualTo(200);
    assertThat(csv.body().lines()).hasSize(1);
    // A kind may be written in any case.
    assertThat(search("kind=audit_query&size=1").path("items").get(0).path("kind").asText())
        .isEqualTo("AUDIT_QUERY");
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}

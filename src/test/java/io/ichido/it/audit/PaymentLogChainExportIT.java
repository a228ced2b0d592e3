package io.ichido.it.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.audit.control.VerifyScript;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The chain export as an auditor uses it: real activity on the real server, the export over HTTP,
 * and docs/verify-payment-log.py (python3) recomputing it, as it is and with one byte changed.
 * Signs a checkpoint a second, as PaymentLogCheckpointsIT does.
 */
class PaymentLogChainExportIT extends OnSharedDeployment {

  private static final String CHAIN = "/api/audit/payment-log/chain";
  private static final Api AUDITOR = Api.as("auditor");
  private static final Api SHOP_A = Api.as("shop-a");
  private static final Path OUT = Path.of("target", "chain-export");

  @Test
  @DisplayName(
      "an export from a checkpoint over an order, a card payment and a correction in Japanese"
          + " verifies with the script; a changed digit or letter is found at its seq")
  void scriptRecomputesARealExport() throws Exception {
    long from = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 1234, 8), 2, "山田 花子 🌸");
    String charge = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    HttpResponse<String> paid =
        SHOP_A.postJson("/api/payments/charge", "pay-" + UUID.randomUUID(), charge);
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    long created =
        PaymentLog.search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED")
            .path("items")
            .get(0)
            .path("seq")
            .asLong();
    HttpResponse<String> corrected =
        AUDITOR.postJson(
            "/api/audit/payment-log/" + created + "/corrections",
            null,
            "{\"reason\":\"金額の打ち間違い 🙇 \\\"konbini\\\"\\nline two\",\"amount\":2468,"
                + "\"currency\":\"JPY\"}");
    assertThat(corrected.statusCode()).as(corrected.body()).isEqualTo(201);
    long to = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();

    HttpResponse<byte[]> export = chain("?fromSeq=" + from + "&toSeq=" + to);
    assertThat(export.statusCode()).isEqualTo(200);
    assertThat(export.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/x-ndjson");
    Path file = write("from-checkpoint.jsonl", export.body());
    List<String> lines = lines(export.body());
    assertThat(lines.get(0)).contains("\"seq\":" + from + ",");
    assertThat(lines.get(1)).startsWith("{\"checkpoint\":{").contains("\"seq\":" + from + ",");
    assertThat(lines.get(lines.size() - 1)).startsWith("{\"checkpoint\":{");
    assertThat(lines.stream().filter(l -> !l.startsWith("{\"checkpoint\"")).count())
        .isEqualTo(to - from + 1);

    VerifyScript.Run run = VerifyScript.verify(file);
    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output())
        .startsWith("INTACT")
        .contains("entries " + from + " to " + to)
        .contains("checkpoint " + to + " holds");

    String orderLine =
        line(lines, "\"kind\":\"ORDER_CREATED\",\"loggedAt\"", "\"seq\":" + created + ",");
    long amount = order.get("amount").asLong();
    String digit =
        orderLine.replace("\"amount\":" + amount + ",", "\"amount\":" + (amount + 1) + ",");
    assertBroken("amount.jsonl", export.body(), orderLine, digit, created);

    String correctionLine = line(lines, "\"kind\":\"CORRECTION\"", "金額の打ち間違い 🙇");
    long correction = seq(correctionLine);
    assertBroken(
        "detail.jsonl",
        export.body(),
        correctionLine,
        correctionLine.replace("konbini", "konbina"),
        correction);
    List<String> actions = new ArrayList<>();
    PaymentLog.search("kind=AUDIT_QUERY&size=20")
        .path("items")
        .forEach(e -> actions.add(e.path("details").path("action").asText()));
    assertThat(actions).as("the export itself is logged").contains("chain-export");
  }

  @Test
  @DisplayName("an export from genesis up to the newest checkpoint verifies, linked from 64 zeros")
  void fromGenesisToACheckpoint() throws Exception {
    new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    long to = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();

    HttpResponse<byte[]> export = chain("?toCheckpoint=true");
    assertThat(export.statusCode()).isEqualTo(200);
    VerifyScript.Run run =
        VerifyScript.verify(
            write("genesis.jsonl", export.body()),
            "--save-checkpoint",
            OUT.resolve("checkpoint").toString());

    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output()).contains("entries 1 to ").contains("links from the first entry");
    long last = seq(lines(export.body()).get(lines(export.body()).size() - 1));
    assertThat(last).isGreaterThanOrEqualTo(to);
    assertThat(Files.readString(OUT.resolve("checkpoint.txt")))
        .startsWith("ichido-payment-log-checkpoint\n" + last + "\n");
    // The signature, as docs/audit.md has the auditor check it: OpenSSL and the served key.
    HttpResponse<String> key = AUDITOR.get("/api/audit/checkpoints/key");
    assertThat(key.statusCode()).isEqualTo(200);
    Files.writeString(OUT.resolve("key.pem"), key.body());
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(VerifyScript.opensslVerify("key.pem", "checkpoint.txt", "checkpoint.sig"));
    Process openssl =
        new ProcessBuilder(command).directory(OUT.toFile()).redirectErrorStream(true).start();
    String verified = new String(openssl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(openssl.waitFor()).as(verified).isZero();
    assertThat(verified).contains("Signature Verified Successfully");
  }

  @Test
  @DisplayName("bad ranges are problems; the export is for auditors only")
  void badRanges() {
    assertProblem("?fromSeq=0");
    assertProblem("?fromSeq=first");
    assertProblem("?fromSeq=3&toSeq=2");
    assertProblem("?fromSeq=999999999");
    assertProblem("?toSeq=999999999");
    assertProblem("?toCheckpoint=maybe");
    HttpResponse<String> refused = SHOP_A.get(CHAIN);
    assertThat(refused.statusCode()).isEqualTo(403);
  }

  private static void assertBroken(
      String name, byte[] export, String line, String changed, long seq) throws Exception {
    assertThat(changed).isNotEqualTo(line);
    String text = new String(export, StandardCharsets.UTF_8).replace(line, changed);
    VerifyScript.Run run = VerifyScript.verify(write(name, text.getBytes(StandardCharsets.UTF_8)));
    assertThat(run.exit()).as(run.output()).isEqualTo(1);
    assertThat(run.output())
        .as(name)
        .startsWith("BROKEN at seq " + seq + ": its content does not match its hash");
  }

  private static void assertProblem(String query) {
    HttpResponse<String> answer = AUDITOR.get(CHAIN + query);
    assertThat(answer.statusCode()).as(query + " " + answer.body()).isEqualTo(400);
    assertThat(answer.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(Shopper.json(answer.body()).path("type").asText()).endsWith("/invalid-log-query");
  }

  private static HttpResponse<byte[]> chain(String query) {
    return Api.sendBytes(
        AUDITOR.request(CHAIN + query).header("Accept", "application/x-ndjson").GET().build());
  }

  private static Path write(String name, byte[] bytes) throws Exception {
    Files.createDirectories(OUT);
    return Files.write(OUT.resolve(name), bytes);
  }

  private static List<String> lines(byte[] export) {
    String text = new String(export, StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    return new ArrayList<>(List.of(text.substring(0, text.length() - 1).split("\n", -1)));
  }

  private static String line(List<String> lines, String... parts) {
    return lines.stream()
        .filter(l -> List.of(parts).stream().allMatch(l::contains))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line with " + List.of(parts)));
  }

  private static long seq(String line) {
    JsonNode value = Shopper.json(line);
    return (value.has("checkpoint") ? value.path("checkpoint") : value).path("seq").asLong();
  }
}

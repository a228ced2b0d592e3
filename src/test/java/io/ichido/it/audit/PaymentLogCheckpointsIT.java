package io.ichido.it.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.audit.control.EntryHash;
import io.ichido.audit.control.LogRows;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.dev.DevCheckpointKey;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.ServerLog;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The payment log's signed checkpoints through the API, and checked behind the log's back, against
 * the real server and database. The test server signs with the development key (DevServer); this
 * deployment signs once a second, so that no test waits the default ten seconds.
 */
class PaymentLogCheckpointsIT extends OnSharedDeployment {

  private static final String CHECKPOINTS = "/api/audit/checkpoints";
  private static final String VERIFY = "/api/audit/payment-log/verify";
  private static final Api AUDITOR = Api.as("auditor");
  private static final Api SHOP_A = Api.as("shop-a");

  @Test
  @DisplayName(
      "a checkpoint of the head appears once entries are chained; its message is its fields")
  void checkpointAppears() {
    new Shopper(SHOP_A).order(Db.newProduct(5, 1000, 10), 1);
    long head = PaymentLog.head();

    JsonNode checkpoint = PaymentLog.checkpointAtOrAfter(head);

    long seq = checkpoint.path("seq").asLong();
    String hash = checkpoint.path("hash").asText();
    String signedAt = checkpoint.path("signedAt").asText();
    assertThat(hash).isEqualTo(Db.text("SELECT hash FROM payment_log WHERE seq = ?", seq));
    assertThat(signedAt).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");
    assertThat(checkpoint.path("keyId").asText()).matches("[0-9a-f]{16}");
    assertThat(checkpoint.path("message").asText())
        .isEqualTo("ichido-payment-log-checkpoint\n" + seq + "\n" + hash + "\n" + signedAt + "\n");
    assertThat(Base64.getDecoder().decode(checkpoint.path("signature").asText())).hasSize(64);
    assertThat(json(AUDITOR.get(CHECKPOINTS + "/" + seq))).isEqualTo(checkpoint);

    JsonNode first = json(AUDITOR.get(CHECKPOINTS + "?size=1"));
    assertThat(first.path("items")).hasSize(1);
    long next = first.path("next").asLong();
    JsonNode older = json(AUDITOR.get(CHECKPOINTS + "?size=2&before=" + next));
    older.path("items").forEach(c -> assertThat(c.path("seq").asLong()).isLessThan(next));

    assertThat(SHOP_A.get(CHECKPOINTS).statusCode()).isEqualTo(403);
    assertThat(SHOP_A.get(CHECKPOINTS + "/key").statusCode()).isEqualTo(403);
    assertThat(AUDITOR.get(CHECKPOINTS + "/999999999").statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("the served public key verifies a checkpoint's signature, and not an altered one")
  void signatureVerifiesWithTheServedKey() throws Exception {
    JsonNode checkpoint = PaymentLog.checkpointAtOrAfter(PaymentLog.head());
    HttpResponse<String> served = AUDITOR.get(CHECKPOINTS + "/key");
    assertThat(served.statusCode()).isEqualTo(200);
    assertThat(served.body()).startsWith("-----BEGIN PUBLIC KEY-----\n");
    byte[] der =
        Base64.getMimeDecoder()
            .decode(served.body().replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
    PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
    String message = checkpoint.path("message").asText();
    byte[] signature = Base64.getDecoder().decode(checkpoint.path("signature").asText());

    assertThat(verifies(key, message, signature)).isTrue();
    assertThat(
            verifies(
                key,
                message.replace("\n" + checkpoint.path("seq").asText() + "\n", "\n1\n"),
                signature))
        .isFalse();
    assertThat(checkpoint.path("keyId").asText())
        .isEqualTo(
            HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(der))
                .substring(0, 16));

    JsonNode ready = Shopper.json(Api.anonymous().get("/health/ready").body());
    JsonNode check = check(ready, "audit-checkpoints");
    assertThat(check.path("status").asText()).isEqualTo("UP");
    assertThat(check.path("data").path("keyId").asText())
        .isEqualTo(checkpoint.path("keyId").asText());
    assertThat(ServerLog.text()).doesNotContain(DevCheckpointKey.PRIVATE_KEY.substring(24));
  }

  @Test
  @DisplayName(
      "verify?from= starts at the checkpoint: intact, and it recomputes only what came after")
  void verifyFromACheckpoint() {
    new Shopper(SHOP_A).order(Db.newProduct(5, 1000, 10), 1);
    long from = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();
    new Shopper(SHOP_A).order(Db.newProduct(5, 1000, 10), 1);

    JsonNode report = verify("?from=" + from);

    assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
    assertThat(report.path("fromCheckpoint").asLong()).isEqualTo(from);
    long entries = report.path("entries").asLong();
    assertThat(entries).isGreaterThan(from);
    assertThat(report.path("recomputed").asLong()).isEqualTo(entries - from + 1);
    assertThat(report.path("lastCheckpoint").asLong()).isGreaterThanOrEqualTo(from);
    JsonNode full = verify("");
    assertThat(full.path("intact").asBoolean()).as(full.toString()).isTrue();
    assertThat(full.path("recomputed").asLong()).isEqualTo(full.path("entries").asLong());
    assertThat(full.has("fromCheckpoint")).isFalse();

    assertProblem(AUDITOR.get(VERIFY + "?from=999999999"), 404, "checkpoint-not-found");
    assertProblem(AUDITOR.get(VERIFY + "?from=first"), 400, "invalid-log-query");
    assertProblem(AUDITOR.get(VERIFY + "?from=0"), 400, "invalid-log-query");
  }

  @Test
  @DisplayName("a row changed behind the log's back after a checkpoint is found by verify?from=")
  void changeAfterTheCheckpointIsFound() throws Exception {
    long from = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    long changed =
        PaymentLog.search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED")
            .path("items")
            .get(0)
            .path("seq")
            .asLong();
    assertThat(changed).isGreaterThan(from);

    Db.behindTheLogsBack("UPDATE payment_log SET amount = amount - 1 WHERE seq = " + changed);
    try {
      JsonNode report = verify("?from=" + from);
      assertThat(report.path("intact").asBoolean()).isFalse();
      assertThat(report.path("firstBrokenSeq").asLong()).isEqualTo(changed);
      assertThat(report.path("fromCheckpoint").asLong()).isEqualTo(from);
      assertThat(report.path("problem").asText()).contains("changed");
    } finally {
      Db.behindTheLogsBack("UPDATE payment_log SET amount = amount + 1 WHERE seq = " + changed);
    }
    assertThat(verify("?from=" + from).path("intact").asBoolean()).isTrue();
  }

  @Test
  @DisplayName(
      "an entry rewritten with its hash recomputed by the documented rule and its successor"
          + " relinked: found at the successor, whose own hash binds the old link")
  void rewriteAndRelinkIsFound() throws Exception {
    long seq = orderCreatedSeq(new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1));
    // Entries after the pair: new appends link to the head, never to a rewritten entry.
    new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    List<LoggedEntry> original = List.of(entry(seq), entry(seq + 1));

    try {
      String forged = rewrite(seq);
      store(original.get(1).linkedTo(forged));
      JsonNode report = verify("");
      assertThat(report.path("intact").asBoolean()).as(report.toString()).isFalse();
      assertThat(report.path("firstBrokenSeq").asLong()).isEqualTo(seq + 1);
      assertThat(report.path("problem").asText()).contains("changed");
    } finally {
      restore(original);
    }
    assertThat(verify("").path("intact").asBoolean()).isTrue();
  }

  @Test
  @DisplayName(
      "the chain rewritten from an entry up to the next signed checkpoint, every hash recomputed:"
          + " found at that checkpoint, which was signed for the old hash")
  void rewriteUpToACheckpointIsFound() throws Exception {
    long seq = orderCreatedSeq(new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1));
    long checkpoint = PaymentLog.checkpointAtOrAfter(seq).path("seq").asLong();
    new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    assertThat(PaymentLog.head()).as("entries after the checkpoint").isGreaterThan(checkpoint);
    List<LoggedEntry> original = new ArrayList<>();
    for (long s = seq; s <= checkpoint; s++) {
      original.add(entry(s));
    }

    try {
      String hash = rewrite(seq);
      for (LoggedEntry next : original.subList(1, original.size())) {
        LoggedEntry relinked = next.linkedTo(hash);
        hash = EntryHash.of(relinked);
        store(relinked.withHash(hash));
      }
      JsonNode report = verify("");
      assertThat(report.path("intact").asBoolean()).as(report.toString()).isFalse();
      assertThat(report.path("firstBrokenSeq").asLong()).isEqualTo(checkpoint);
      assertThat(report.path("brokenCheckpoint").asLong()).isEqualTo(checkpoint);
      assertThat(report.path("problem").asText()).contains("rewritten");
    } finally {
      restore(original);
    }
    assertThat(verify("").path("intact").asBoolean()).isTrue();
  }

  @Test
  @DisplayName("a checkpoint row forged in the database (a wrong signature) is reported as broken")
  void forgedCheckpointIsReported() throws Exception {
    long first = PaymentLog.checkpointAtOrAfter(PaymentLog.head()).path("seq").asLong();
    new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    JsonNode later = PaymentLog.checkpointAtOrAfter(Math.max(PaymentLog.head(), first + 5));
    // An entry between two real checkpoints: the sequencer never signs one there itself.
    long forged =
        Db.count(
            "SELECT max(seq) FROM payment_log p WHERE seq > ? AND seq < ? AND NOT EXISTS"
                + " (SELECT 1 FROM payment_log_checkpoint c WHERE c.seq = p.seq)",
            first,
            later.path("seq").asLong());
    assertThat(forged).isPositive();
    byte[] signature = new byte[64];
    new SecureRandom().nextBytes(signature);
    Db.update(
        "INSERT INTO payment_log_checkpoint (seq, hash, signed_at, key_id, signature)"
            + " SELECT seq, hash, clock_timestamp(), ?, ? FROM payment_log WHERE seq = ?",
        later.path("keyId").asText(),
        signature,
        forged);
    try {
      JsonNode full = verify("");
      assertThat(full.path("intact").asBoolean()).isFalse();
      assertThat(full.path("brokenCheckpoint").asLong()).isEqualTo(forged);
      assertThat(full.path("firstBrokenSeq").asLong()).isEqualTo(forged);
      assertThat(full.path("problem").asText()).contains("signature does not verify");

      JsonNode fromForged = verify("?from=" + forged);
      assertThat(fromForged.path("intact").asBoolean()).isFalse();
      assertThat(fromForged.path("brokenCheckpoint").asLong()).isEqualTo(forged);
    } finally {
      Db.behindTheCheckpointsBack("DELETE FROM payment_log_checkpoint WHERE seq = " + forged);
    }
    JsonNode after = verify("");
    assertThat(after.path("intact").asBoolean()).as(after.toString()).isTrue();
  }

  @Test
  @DisplayName(
      "the database refuses UPDATE, DELETE and TRUNCATE on checkpoints, even for its owner")
  void checkpointsAreAppendOnly() throws SQLException {
    PaymentLog.checkpointAtOrAfter(PaymentLog.head());
    try (Connection c = Db.connect();
        Statement sql = c.createStatement()) {
      assertThatThrownBy(() -> sql.executeUpdate("UPDATE payment_log_checkpoint SET key_id = 'x'"))
          .hasMessageContaining("append-only");
      assertThatThrownBy(() -> sql.executeUpdate("DELETE FROM payment_log_checkpoint"))
          .hasMessageContaining("append-only");
      assertThatThrownBy(() -> sql.executeUpdate("TRUNCATE payment_log_checkpoint"))
          .hasMessageContaining("append-only");
    }
  }

  /** The head after the sequencer caught up (an auditor's search catches up first). */
  private static long orderCreatedSeq(JsonNode order) {
    return PaymentLog.search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED")
        .path("items")
        .get(0)
        .path("seq")
        .asLong();
  }

  private static LoggedEntry entry(long seq) throws SQLException {
    try (Connection c = Db.connect()) {
      return LogRows.entry(c, seq).orElseThrow();
    }
  }

  /**
   * As an attacker with database access would: entry {@code seq}'s amount lowered by one, and its
   * hash recomputed by the documented rule; the new hash.
   */
  private static String rewrite(long seq) throws SQLException {
    Db.behindTheLogsBack("UPDATE payment_log SET amount = amount - 1 WHERE seq = " + seq);
    LoggedEntry changed = entry(seq);
    String hash = EntryHash.of(changed);
    store(changed.withHash(hash));
    return hash;
  }

  /** Writes an entry's links behind the log's back. */
  private static void store(LoggedEntry e) throws SQLException {
    Db.behindTheLogsBack(
        "UPDATE payment_log SET prev_hash = '"
            + e.prevHash()
            + "', hash = '"
            + e.hash()
            + "' WHERE seq = "
            + e.seq());
  }

  private static void restore(List<LoggedEntry> entries) throws SQLException {
    Db.behindTheLogsBack(
        "UPDATE payment_log SET amount = "
            + entries.get(0).amount()
            + " WHERE seq = "
            + entries.get(0).seq());
    for (LoggedEntry e : entries) {
      store(e);
    }
  }

  private static JsonNode verify(String query) {
    return json(AUDITOR.get(VERIFY + query));
  }

  private static JsonNode json(HttpResponse<String> answer) {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }

  private static void assertProblem(HttpResponse<String> answer, int status, String type) {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    assertThat(answer.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(Shopper.json(answer.body()).path("type").asText()).endsWith("/" + type);
  }

  private static boolean verifies(PublicKey key, String message, byte[] signature)
      throws Exception {
    Signature verifier = Signature.getInstance("Ed25519");
    verifier.initVerify(key);
    verifier.update(message.getBytes(StandardCharsets.UTF_8));
    return verifier.verify(signature);
  }

  private static JsonNode check(JsonNode health, String name) {
    for (JsonNode check : health.path("checks")) {
      if (check.path("name").asText().equals(name)) {
        return check;
      }
    }
    throw new AssertionError("No check " + name + " in " + health);
  }
}

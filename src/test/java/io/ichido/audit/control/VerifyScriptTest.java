package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.idempotency.boundary.CanonicalJson;
import io.ichido.platform.control.Json;
import io.ichido.platform.control.Sha256;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/verify-payment-log.py against our own code: its canonical form is {@link CanonicalJson}'s
 * byte for byte, and it accepts a chain {@link LogChain} made and refuses one changed byte. Needs
 * {@code python3}; without it these fail.
 */
class VerifyScriptTest {

  /** JSON texts where a hand-written canonical form most easily differs from ours. */
  private static final List<String> TRICKY =
      List.of(
          "\"\\u0000\\u0001\\u001f\\u007f\\b\\t\\n\\f\\r\\\"\\\\\\/ \\u2028\\u2029\"",
          "\"日本語のテキスト 🍣 \\ud83d\\ude00 \\u00e9 é \\uFFFD\"",
          "\"\\ud800 a lone surrogate, and a lone low one \\udc00\"",
          "{\"\\uffff\":1,\"😀\":2,\"é\":3,\"a\":4,\"\":5,\"A\":6,\"ａ\":7,\"\\ud83d\\ude00x\":8}",
          " { \"b\" : [ 1.0 , 1e21 , -0 , 1E+2 , 0.1 , 12345678901234567890123 , -5 ] ,"
              + " \"a\" : { \"z\" : [ ] , \"y\" : { } } } ",
          "[true,false,null,\"\",{\"x\":{\"b\":null,\"a\":\"\\u001F\"}}]",
          "{\"details\":\"{\\\"reason\\\":\\\"返金\\\"}\",\"amount\":-5672,\"corrects\":null}");

  @TempDir Path dir;

  @Test
  @DisplayName("the script's canonical form is CanonicalJson's, byte for byte, on tricky values")
  void sameCanonicalForm() throws Exception {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    List<String> expected = new ArrayList<>();
    for (String json : TRICKY) {
      input.writeBytes((json + "\n").getBytes(StandardCharsets.UTF_8));
      expected.add(CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8)).orElseThrow());
    }

    String[] lines =
        new String(VerifyScript.canonical(input.toByteArray()), StandardCharsets.UTF_8)
            .split("\n", -1);

    assertThat(lines).hasSize(TRICKY.size() + 1);
    for (int i = 0; i < TRICKY.size(); i++) {
      // As the hash sees it: UTF-8, a lone surrogate as '?'.
      assertThat(lines[i].getBytes(StandardCharsets.UTF_8))
          .as(TRICKY.get(i))
          .isEqualTo(expected.get(i).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  @DisplayName("a chain our code made verifies, from genesis to a checkpoint, and the key is saved")
  void acceptsOurChain() throws Exception {
    Path export = export(chain());

    VerifyScript.Run run = VerifyScript.verify(export, "--save-checkpoint", dir + "/cp");

    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output())
        .startsWith("INTACT")
        .contains("entries 1 to 3")
        .contains("checkpoint 2 holds")
        .contains("entries 3 to 3 come after it");
    assertThat(Files.readString(dir.resolve("cp.txt")))
        .startsWith("ichido-payment-log-checkpoint\n2\n");
    assertThat(Files.readAllBytes(dir.resolve("cp.sig"))).hasSize(64);
  }

  @Test
  @DisplayName("one changed byte, one dropped line or a relinked chain: broken, at that seq")
  void refusesChanges() throws Exception {
    List<String> lines = chain();
    Map<String, String> expectations = new LinkedHashMap<>();
    expectations.put("amount changed", "seq 2: its content does not match its hash");
    expectations.put("detail changed", "seq 3: its content does not match its hash");
    expectations.put("entry dropped", "seq 2: missing");
    expectations.put("checkpoint moved", "seq 2: the checkpoint's message");
    expectations.put("cut off", "seq 3: the export is cut off");
    for (Map.Entry<String, String> expectation : expectations.entrySet()) {
      List<String> changed = new ArrayList<>(lines);
      String tail = "\n";
      switch (expectation.getKey()) {
        case "amount changed" -> changed.set(1, changed.get(1).replace(":5672,", ":5673,"));
        case "detail changed" -> changed.set(3, changed.get(3).replace("返金", "返品"));
        case "entry dropped" -> changed.subList(1, 3).clear();
        case "checkpoint moved" ->
            changed.set(2, changed.get(2).replace("checkpoint\\n2\\n", "checkpoint\\n3\\n"));
        default -> tail = "";
      }
      Path file = dir.resolve(expectation.getKey().replace(' ', '-') + ".jsonl");
      Files.writeString(file, String.join("\n", changed) + tail);

      VerifyScript.Run run = VerifyScript.verify(file);

      assertThat(run.exit()).as(expectation.getKey() + ": " + run.output()).isEqualTo(1);
      assertThat(run.output())
          .as(expectation.getKey())
          .contains("BROKEN at " + expectation.getValue());
    }
  }

  @Test
  @DisplayName(
      "docs/audit.md's worked example is what our code makes of that entry, and the script agrees")
  void workedExample() throws Exception {
    String doc = Files.readString(Path.of("docs", "audit.md"));
    String section = doc.substring(doc.indexOf("A worked example"));
    String line = block(section, "```json\n");
    String canonical = block(section, "```text\n");
    JsonNode value = Json.MAPPER.readTree(line);
    LoggedEntry entry =
        new LoggedEntry(
            value.path("seq").asLong(),
            Instant.parse(value.path("loggedAt").asText()),
            text(value, "kind"),
            number(value, "orderId"),
            text(value, "counterparty"),
            number(value, "amount"),
            text(value, "currency"),
            text(value, "gateway"),
            text(value, "chargeId"),
            text(value, "idempotencyKey"),
            text(value, "status"),
            text(value, "actor"),
            text(value, "details"),
            text(value, "tax"),
            number(value, "corrects"),
            text(value, "prevHash"),
            text(value, "hash"));

    assertThat(ChainExport.entryLine(entry)).isEqualTo(line);
    assertThat(EntryHash.canonical(EntryHash.content(entry))).isEqualTo(canonical);
    assertThat(EntryHash.of(entry)).isEqualTo(entry.hash());
    assertThat(Sha256.hex(canonical)).isEqualTo(entry.hash());
    assertThat(section).contains("prints the line's `hash`, `" + entry.hash() + "`.");
    VerifyScript.Run run = VerifyScript.verify(export(List.of(line)));
    assertThat(run.exit()).as(run.output()).isZero();
  }

  /** The text of the first fenced block opening with {@code fence}, without its line feed. */
  private static String block(String markdown, String fence) {
    int start = markdown.indexOf(fence) + fence.length();
    return markdown.substring(start, markdown.indexOf("\n```", start));
  }

  private static String text(JsonNode value, String field) {
    return value.path(field).isNull() ? null : value.path(field).asText();
  }

  private static Long number(JsonNode value, String field) {
    return value.path(field).isNull() ? null : value.path(field).asLong();
  }

  /**
   * Three entries chained from genesis as the sequencer chains them, a checkpoint of the second.
   */
  private static List<String> chain() {
    String details = EntryHash.canonical(Map.of("reason", "返金 🙇 \"quoted\"\n\u0001 done"));
    List<LoggedEntry> facts =
        List.of(
            fact("ORDER_CREATED", 5672L, "{\"lines\":1}"),
            fact("GATEWAY_ANSWERED", 5672L, "{\"attempt\":1}"),
            fact("CORRECTION", null, details));
    List<String> lines = new ArrayList<>();
    String prevHash = EntryHash.GENESIS;
    long seq = 0;
    for (LoggedEntry fact : facts) {
      LoggedEntry entry =
          LogChain.chained(++seq, Instant.parse("2026-11-30T01:02:03.120Z"), fact, prevHash);
      lines.add(ChainExport.entryLine(entry));
      prevHash = entry.hash();
      if (seq == 2) {
        Checkpoint checkpoint =
            TestKeys.signingKey().checkpoint(2, prevHash, Instant.parse("2026-11-30T01:02:04Z"));
        lines.add(ChainExport.checkpointLine(checkpoint));
      }
    }
    return lines;
  }

  private static LoggedEntry fact(String kind, Long amount, String details) {
    return new LoggedEntry(
        0,
        null,
        kind,
        7L,
        "山田 太郎",
        amount,
        amount == null ? null : "JPY",
        "stripe",
        "pi_1",
        "pay-1",
        "OK",
        "principal:shop-a",
        details,
        null,
        null,
        null,
        null);
  }

  private Path export(List<String> lines) throws Exception {
    Path file = dir.resolve("export.jsonl");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }
}

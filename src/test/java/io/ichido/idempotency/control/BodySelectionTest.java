package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.idempotency.boundary.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What of a JSON body counts for the fingerprint, and where a body carries its key. */
class BodySelectionTest {

  private static CanonicalJson json(String text) {
    return CanonicalJson.parse(text.getBytes(StandardCharsets.UTF_8), 64).orElseThrow();
  }

  private static String selected(BodySelection selection, String body) {
    return selection.select(json(body)).toString();
  }

  private static String fingerprint(BodySelection selection, String body) {
    return RequestFingerprint.of(
        "POST",
        "/orders",
        null,
        Optional.of(json(body)),
        body.getBytes(StandardCharsets.UTF_8),
        selection);
  }

  @Test
  @DisplayName("exclude: the members named are left out, wherever they are; the rest as written")
  void excludeLeavesOut() {
    BodySelection exclude =
        BodySelection.of(new String[0], new String[] {"/nonce", "/items/1", "/meta/sent~1at"});

    assertThat(
            selected(
                exclude,
                "{\"nonce\":\"n1\",\"amount\":1.50,\"items\":[{\"a\":1},{\"b\":2},{\"c\":-0}],"
                    + "\"meta\":{\"sent/at\":\"x\",\"by\":\"me\"}}"))
        .isEqualTo("{\"amount\":1.50,\"items\":[{\"a\":1},{\"c\":-0}],\"meta\":{\"by\":\"me\"}}");
    assertThat(fingerprint(exclude, "{\"amount\":100,\"nonce\":\"a\"}"))
        .as("another nonce, the same request")
        .isEqualTo(fingerprint(exclude, "{\"nonce\":\"b\",\"amount\":100}"))
        .isEqualTo(fingerprint(exclude, "{\"amount\":100}"));
    assertThat(fingerprint(exclude, "{\"amount\":100,\"nonce\":\"a\"}"))
        .as("another amount, another request")
        .isNotEqualTo(fingerprint(exclude, "{\"amount\":101,\"nonce\":\"a\"}"));
  }

  @Test
  @DisplayName("include: only the members named count; absent and null differ; numbers as written")
  void includeKeepsOnly() {
    BodySelection include = BodySelection.of(new String[] {"/amount", "/currency"}, new String[0]);

    assertThat(selected(include, "{\"currency\":\"JPY\",\"note\":\"x\",\"amount\":1e3}"))
        .isEqualTo("{\"/amount\":1e3,\"/currency\":\"JPY\"}");
    assertThat(fingerprint(include, "{\"amount\":100,\"currency\":\"JPY\",\"at\":1}"))
        .isEqualTo(fingerprint(include, "{\"at\":2,\"currency\":\"JPY\",\"amount\":100}"));
    assertThat(fingerprint(include, "{\"amount\":100}"))
        .as("absent")
        .isNotEqualTo(fingerprint(include, "{\"amount\":100,\"currency\":null}"));
    assertThat(fingerprint(include, "{\"amount\":100}"))
        .as("1e2 is not written as 100")
        .isNotEqualTo(fingerprint(include, "{\"amount\":1e2}"));
  }

  @Test
  @DisplayName("a whole-body selection fingerprints exactly as before pointers existed")
  void wholeBodyUnchanged() {
    String body = "{\"b\":[1,2,{\"z\":\"\\u00e9\"}],\"a\":\"x\"}";
    assertThat(fingerprint(BodySelection.WHOLE, body))
        .isEqualTo(
            RequestFingerprint.of(
                "POST", "/orders", null, true, body.getBytes(StandardCharsets.UTF_8), 64));
  }

  @Test
  @DisplayName("the key in the body: a string found once; absent, another type or twice told apart")
  void keyInTheBody() {
    BodyPointer pointer = BodyPointer.parse("/invoiceNo").pointer().orElseThrow();

    assertThat(BodyKey.of(Optional.of(json("{\"invoiceNo\":\"INV-1\"}")), pointer, 255))
        .isEqualTo(new BodyKey("INV-1", null));
    assertThat(BodyKey.of(Optional.of(json("{\"invoice\":\"INV-1\"}")), pointer, 255))
        .isEqualTo(new BodyKey(null, null));
    assertThat(BodyKey.of(Optional.empty(), pointer, 255)).isEqualTo(new BodyKey(null, null));
    assertThat(BodyKey.of(Optional.of(json("{\"invoiceNo\":12}")), pointer, 255).problem())
        .isEqualTo("body's key /invoiceNo is not a JSON string");
    assertThat(
            CanonicalJson.parse(
                "{\"invoiceNo\":\"a\",\"invoiceNo\":\"b\"}".getBytes(StandardCharsets.UTF_8), 64))
        .as("a name twice is no JSON the layer reads: such a body carries no key")
        .isEmpty();
    assertThat(BodyKey.of(Optional.of(json("{\"invoiceNo\":\"a b\"}")), pointer, 255).problem())
        .startsWith("body's key /invoiceNo is invalid: the key may hold only printable ASCII");
    assertThat(BodyKey.of(Optional.of(json("{\"invoiceNo\":\"\\u0041\\\"\"}")), pointer, 255))
        .as("escapes read as the client meant them")
        .isEqualTo(new BodyKey("A\"", null));
  }
}

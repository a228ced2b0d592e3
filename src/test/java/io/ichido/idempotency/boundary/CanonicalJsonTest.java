package io.ichido.idempotency.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

  private static Optional<String> canonical(String json) {
    return CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("object keys are sorted at every depth and whitespace is dropped")
  void sortsKeysAndDropsWhitespace() {
    assertThat(canonical("{ \"b\" : 2,\n \"a\" : { \"y\": [1, {\"d\":1,\"c\":2}], \"x\": null } }"))
        .hasValue("{\"a\":{\"x\":null,\"y\":[1,{\"c\":2,\"d\":1}]},\"b\":2}");
  }

  @Test
  void reorderedObjectsAreEqual() {
    assertThat(canonical("{\"a\":1,\"b\":2}")).isEqualTo(canonical("{ \"b\":2, \"a\":1 }"));
  }

  @Test
  @DisplayName("numbers are kept as written: 1, 1.0 and 1e0 differ")
  void numbersAsWritten() {
    assertThat(canonical("[1, 1.0, 1e0, -0, 12345678901234567890123]"))
        .hasValue("[1,1.0,1e0,-0,12345678901234567890123]");
  }

  @Test
  void arrayOrderMatters() {
    assertThat(canonical("[1,2]")).isNotEqualTo(canonical("[2,1]"));
  }

  @Test
  @DisplayName("strings are re-escaped the same way however they were written")
  void stringsNormalized() {
    assertThat(canonical("\"caf\\u00e9 \\/ 日本\"")).isEqualTo(canonical("\"café / 日本\""));
  }

  @Test
  @DisplayName("malformed JSON, trailing content and duplicate keys are not canonicalized")
  void malformed() {
    assertThat(canonical("{\"a\":")).isEmpty();
    assertThat(canonical("{\"a\":1} {\"b\":2}")).isEmpty();
    assertThat(canonical("{\"a\":1,\"a\":2}")).isEmpty();
    assertThat(canonical("")).isEmpty();
  }

  private static byte[] nested(int depth, String inside) {
    return ("{\"a\":[".repeat(depth / 2)
            + (depth % 2 == 1 ? "{\"b\":" : "")
            + inside
            + (depth % 2 == 1 ? "}" : "")
            + "]}".repeat(depth / 2))
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("nesting up to the cap is accepted, one level more is refused")
  void depthCap() {
    assertThat(CanonicalJson.parse(nested(64, "1"), 64)).isPresent();
    assertThat(CanonicalJson.parse(nested(63, "{}"), 64)).isPresent();
    assertThatThrownBy(() -> CanonicalJson.parse(nested(65, "1"), 64))
        .isInstanceOfSatisfying(JsonTooDeep.class, e -> assertThat(e.limit()).isEqualTo(64));
    assertThatThrownBy(() -> CanonicalJson.parse(nested(64, "[]"), 64))
        .isInstanceOf(JsonTooDeep.class);
  }

  @Test
  @DisplayName("a document is refused as too deep as soon as it gets there, whatever follows")
  void refusedBeforeTheRest() {
    byte[] deepThenBroken = ("[".repeat(65) + "this is not JSON").getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> CanonicalJson.parse(deepThenBroken, 64))
        .isInstanceOf(JsonTooDeep.class);
  }

  @Test
  @DisplayName("of() still accepts what the parser accepts: 1000 levels, not 1001")
  void ofHasNoCapOfItsOwn() {
    assertThat(CanonicalJson.of(nested(1000, "1"))).isPresent();
    assertThat(CanonicalJson.of(nested(1001, "1"))).isEmpty();
  }

  @Test
  @DisplayName("the streamed UTF-8 is the text's UTF-8")
  void streamedBytes() throws Exception {
    byte[] json =
        "{\"z\":[\"日本\",\"\\ud83d\\ude00\",{\"y\":1,\"x\":{}}],\"é\":null}"
            .getBytes(StandardCharsets.UTF_8);
    CanonicalJson canonical = CanonicalJson.parse(json, 64).orElseThrow();
    MessageDigest streamed = MessageDigest.getInstance("SHA-256");
    canonical.writeUtf8To(streamed);

    assertThat(canonical.toString())
        .isEqualTo("{\"z\":[\"日本\",\"😀\",{\"x\":{},\"y\":1}],\"é\":null}");
    assertThat(streamed.digest())
        .isEqualTo(
            MessageDigest.getInstance("SHA-256")
                .digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  @DisplayName("a deep body is not copied once per level: 1 MiB 64 deep allocates a few MiB")
  void noCopyPerLevel() {
    byte[] json = nested(64, "\"" + "x".repeat(1 << 20) + "\"");
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();

    CanonicalJson.parse(json, 64).orElseThrow().writeUtf8To(sha256());

    // The old form copied the string once per level: 64 x 2 MiB of chars, at least.
    assertThat(threads.getCurrentThreadAllocatedBytes() - before).isLessThan(16L << 20);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}

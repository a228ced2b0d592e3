package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.idempotency.boundary.JsonTooDeep;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

  private static String of(String method, String path, boolean json, String body) {
    return RequestFingerprint.of(
        method, path, null, json, body.getBytes(StandardCharsets.UTF_8), 64);
  }

  @Test
  void sameJsonInAnotherShapeIsTheSameRequest() {
    assertThat(of("POST", "/orders", true, "{\"a\":1,\"b\":[true]}"))
        .isEqualTo(of("post", "/orders", true, " { \"b\" : [ true ] , \"a\" : 1 } "))
        .hasSize(64)
        .matches("[0-9a-f]{64}");
  }

  @Test
  void methodPathAndBodyEachMatter() {
    String base = of("POST", "/orders", true, "{\"a\":1}");
    assertThat(of("PUT", "/orders", true, "{\"a\":1}")).isNotEqualTo(base);
    assertThat(of("POST", "/orders/1", true, "{\"a\":1}")).isNotEqualTo(base);
    assertThat(of("POST", "/orders", true, "{\"a\":2}")).isNotEqualTo(base);
  }

  @Test
  void nonJsonBodiesAreHashedAsBytes() {
    assertThat(of("POST", "/upload", false, "{\"a\":1,\"b\":2}"))
        .isNotEqualTo(of("POST", "/upload", false, "{\"b\":2,\"a\":1}"));
    assertThat(of("POST", "/upload", true, "not json"))
        .isEqualTo(of("POST", "/upload", false, "not json"));
  }

  private static String withQuery(String query, String body) {
    return RequestFingerprint.of(
        "POST", "/orders", query, true, body.getBytes(StandardCharsets.UTF_8), 64);
  }

  @Test
  @DisplayName("without a query string the fingerprint is what it was before queries counted")
  void noQueryKeepsStoredFingerprints() throws Exception {
    String before =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest("POST\n/orders\njson:{\"a\":1}".getBytes(StandardCharsets.UTF_8)));

    assertThat(withQuery(null, "{ \"a\" : 1 }")).isEqualTo(before);
    assertThat(withQuery("", "{\"a\":1}")).isEqualTo(before);
    assertThat(withQuery("&", "{\"a\":1}")).isEqualTo(before);
  }

  @Test
  @DisplayName("the query string counts: values, names and their order")
  void queryCounts() {
    String base = withQuery("a=1&b=2", "{}");
    assertThat(withQuery(null, "{}")).isNotEqualTo(base);
    assertThat(withQuery("a=1&b=3", "{}")).isNotEqualTo(base);
    assertThat(withQuery("b=2&a=1", "{}")).isNotEqualTo(base);
    assertThat(withQuery("a=1&c=2", "{}")).isNotEqualTo(base);
    assertThat(withQuery("a=1&b=2&b=2", "{}")).isNotEqualTo(base);
    assertThat(withQuery("a=1&&b=2&", "{}")).isEqualTo(base);
  }

  @Test
  @DisplayName("the query is spelt one way only where no server could read it differently")
  void canonicalQuery() {
    assertThat(RequestFingerprint.canonicalQuery("x=%41%7e%2f%2F%c3%a9&&y"))
        .isEqualTo("x=A~%2F%2F%C3%A9&y");
    // Reserved characters and their escapes may mean different things: kept apart.
    assertThat(RequestFingerprint.canonicalQuery("q=a+b"))
        .isNotEqualTo(RequestFingerprint.canonicalQuery("q=a%20b"));
    assertThat(RequestFingerprint.canonicalQuery("q=a=b"))
        .isNotEqualTo(RequestFingerprint.canonicalQuery("q=a%3Db"));
    assertThat(RequestFingerprint.canonicalQuery("flag"))
        .isNotEqualTo(RequestFingerprint.canonicalQuery("flag="));
    // Whatever a server let through stays printable ASCII, so it cannot end the hashed line.
    assertThat(RequestFingerprint.canonicalQuery("a=é b\n%zz")).isEqualTo("a=%C3%A9%20b%0A%25zz");
  }

  @Test
  @DisplayName(
      "a JSON body nested deeper than allowed is refused; the same bytes as non-JSON are not")
  void depthCap() {
    byte[] deep = ("[".repeat(65) + "]".repeat(65)).getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> RequestFingerprint.of("POST", "/orders", null, true, deep, 64))
        .isInstanceOf(JsonTooDeep.class);
    assertThat(RequestFingerprint.of("POST", "/orders", null, true, deep, 65)).hasSize(64);
    assertThat(RequestFingerprint.of("POST", "/upload", null, false, deep, 64)).hasSize(64);
  }
}

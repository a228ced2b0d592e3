package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestFingerprintTest {

  private static String of(String method, String path, boolean json, String body) {
    return RequestFingerprint.of(method, path, json, body.getBytes(StandardCharsets.UTF_8));
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
}

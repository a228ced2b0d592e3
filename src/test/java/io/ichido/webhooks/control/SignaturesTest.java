package io.ichido.webhooks.control;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.gateway.WebhookRejected;
import io.ichido.sandbox.WebhookSigner;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SignaturesTest {

  private static final byte[] KEY = bytes("the-secret");
  private static final byte[] OTHER_KEY = bytes("another-secret");
  private static final String MESSAGE = "1700000000.{\"id\":\"evt_1\"}";
  private static final String SIGNATURE = WebhookSigner.hmacSha256Hex(KEY, MESSAGE);

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static void verifyHex(List<byte[]> keys, List<String> signatures, String message) {
    Signatures.requireOneHex("test", keys, signatures, bytes(message));
  }

  @Test
  @DisplayName("the HMAC of the parts together is the HMAC of the whole message")
  void valid() {
    assertThatCode(() -> verifyHex(List.of(KEY), List.of(SIGNATURE), MESSAGE))
        .doesNotThrowAnyException();
    assertThatCode(
            () ->
                Signatures.requireOneHex(
                    "test",
                    List.of(KEY),
                    List.of(SIGNATURE),
                    bytes("1700000000."),
                    bytes("{\"id\":\"evt_1\"}")))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> verifyHex(List.of(KEY), List.of(SIGNATURE.toUpperCase(Locale.ROOT)), MESSAGE))
        .doesNotThrowAnyException();
  }

  @Test
  void tampered() {
    assertThatThrownBy(() -> verifyHex(List.of(KEY), List.of(SIGNATURE), MESSAGE + " "))
        .isInstanceOf(WebhookRejected.class)
        .hasMessage("The test webhook signature does not verify.");
  }

  @Test
  void wrongKey() {
    assertThatThrownBy(() -> verifyHex(List.of(OTHER_KEY), List.of(SIGNATURE), MESSAGE))
        .isInstanceOf(WebhookRejected.class);
  }

  @Test
  @DisplayName("rotation: a signature under either of two keys verifies, old or new, in any order")
  void rotated() {
    String other = WebhookSigner.hmacSha256Hex(OTHER_KEY, MESSAGE);
    for (List<byte[]> keys : List.of(List.of(OTHER_KEY, KEY), List.of(KEY, OTHER_KEY))) {
      assertThatCode(() -> verifyHex(keys, List.of(SIGNATURE), MESSAGE)).doesNotThrowAnyException();
      assertThatCode(() -> verifyHex(keys, List.of(other), MESSAGE)).doesNotThrowAnyException();
    }
    assertThatCode(() -> verifyHex(List.of(KEY), List.of(other, SIGNATURE), MESSAGE))
        .doesNotThrowAnyException();
    assertThatCode(() -> verifyHex(List.of(KEY), List.of(SIGNATURE, other), MESSAGE))
        .doesNotThrowAnyException();
    assertThatThrownBy(() -> verifyHex(List.of(OTHER_KEY, KEY), List.of(SIGNATURE), MESSAGE + " "))
        .as("rotation widens the keys, not what they sign")
        .isInstanceOf(WebhookRejected.class);
  }

  @Test
  @DisplayName("malformed hex, a prefix of the signature, no key at all: simply not equal")
  void malformed() {
    for (String signature :
        List.of("", "zz", SIGNATURE.substring(2), SIGNATURE + "00", SIGNATURE.substring(1))) {
      assertThatThrownBy(() -> verifyHex(List.of(KEY), List.of(signature), MESSAGE))
          .as(signature)
          .isInstanceOf(WebhookRejected.class);
    }
    assertThatThrownBy(() -> verifyHex(List.of(), List.of(SIGNATURE), MESSAGE))
        .isInstanceOf(WebhookRejected.class);
  }

  @Test
  @DisplayName("raw signatures (2C2P's JWT) compare the same way")
  void raw() {
    byte[] mac = HexFormat.of().parseHex(SIGNATURE);
    assertThatCode(
            () ->
                Signatures.requireOne(
                    "test", List.of(OTHER_KEY, KEY), List.of(mac), bytes(MESSAGE)))
        .doesNotThrowAnyException();
    assertThatThrownBy(
            () -> Signatures.requireOne("test", List.of(KEY), List.of(mac), bytes(MESSAGE + "x")))
        .isInstanceOf(WebhookRejected.class);
  }
}

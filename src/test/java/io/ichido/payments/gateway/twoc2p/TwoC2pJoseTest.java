package io.ichido.payments.gateway.twoc2p;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.platform.control.Json;
import io.ichido.sandbox.TwoC2pKeys;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TwoC2pJoseTest {

  private static final String REQUEST =
      "<PaymentProcessRequest><version>4.3</version><merchantID>JT01</merchantID>"
          + "<invoiceNo>ORDER-7</invoiceNo><actionAmount>1000.00</actionAmount>"
          + "<processType>R</processType></PaymentProcessRequest>";

  private final PrivateKey merchantPrivate = key(TwoC2pKeys.MERCHANT_PRIVATE);
  private final PublicKey merchantPublic = publicKey(TwoC2pKeys.MERCHANT_PUBLIC);
  private final PrivateKey gatewayPrivate = key(TwoC2pKeys.GATEWAY_PRIVATE);
  private final PublicKey gatewayPublic = publicKey(TwoC2pKeys.GATEWAY_PUBLIC);

  @Test
  @DisplayName("a request sealed by the merchant opens at 2C2P, and an answer the other way")
  void roundTrips() throws Exception {
    String request = TwoC2pJose.seal(REQUEST, merchantPrivate, gatewayPublic);
    assertThat(TwoC2pJose.open(request, merchantPublic, gatewayPrivate)).isEqualTo(REQUEST);

    String answer =
        TwoC2pJose.seal(
            "<PaymentProcessResponse>日本</PaymentProcessResponse>", gatewayPrivate, merchantPublic);
    assertThat(TwoC2pJose.open(answer, gatewayPublic, merchantPrivate))
        .isEqualTo("<PaymentProcessResponse>日本</PaymentProcessResponse>");
  }

  @Test
  @DisplayName("the JWS is PS256 over a compact RSA-OAEP/A256GCM JWE, base64url without padding")
  void shape() throws Exception {
    String token = TwoC2pJose.seal(REQUEST, merchantPrivate, gatewayPublic);
    String[] jws = token.split("\\.");
    assertThat(jws).hasSize(3);
    assertThat(token).doesNotContain("=", "+", "/");
    assertThat(header(jws[0]).path("alg").asText()).isEqualTo("PS256");
    String jwe = new String(Base64.getUrlDecoder().decode(jws[1]), StandardCharsets.US_ASCII);
    String[] parts = jwe.split("\\.", -1);
    assertThat(parts).hasSize(5);
    assertThat(header(parts[0]).path("alg").asText()).isEqualTo("RSA-OAEP");
    assertThat(header(parts[0]).path("enc").asText()).isEqualTo("A256GCM");
    assertThat(Base64.getUrlDecoder().decode(parts[1])).hasSize(256);
    assertThat(Base64.getUrlDecoder().decode(parts[2])).hasSize(12);
    assertThat(Base64.getUrlDecoder().decode(parts[4])).hasSize(16);
    assertThat(REQUEST).doesNotContain(parts[3]);
  }

  @ParameterizedTest(name = "a byte changed in part {0} of the JWS")
  @ValueSource(ints = {0, 1, 2})
  @DisplayName("a tampered signature, payload or header is refused")
  void tamperedJwsRefused(int part) {
    String token = TwoC2pJose.seal(REQUEST, merchantPrivate, gatewayPublic);
    assertThatThrownBy(() -> TwoC2pJose.open(tampered(token, part), merchantPublic, gatewayPrivate))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @ParameterizedTest(name = "a byte changed in part {0} of the JWE, signed again")
  @ValueSource(ints = {1, 2, 3, 4})
  @DisplayName("a JWE altered and signed again by the right sender is still refused")
  void tamperedJweRefused(int part) throws Exception {
    String jwe = jweOf(TwoC2pJose.seal(REQUEST, merchantPrivate, gatewayPublic));
    String resigned = resign(tampered(jwe, part), merchantPrivate);
    assertThatThrownBy(() -> TwoC2pJose.open(resigned, merchantPublic, gatewayPrivate))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  @DisplayName("a token signed by another key, or for another receiver, is refused")
  void wrongKeysRefused() throws Exception {
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    var stranger = rsa.generateKeyPair();

    String forged = TwoC2pJose.seal(REQUEST, stranger.getPrivate(), gatewayPublic);
    assertThatThrownBy(() -> TwoC2pJose.open(forged, merchantPublic, gatewayPrivate))
        .isInstanceOf(GeneralSecurityException.class)
        .hasMessageContaining("signature");

    String forSomeoneElse = TwoC2pJose.seal(REQUEST, merchantPrivate, stranger.getPublic());
    assertThatThrownBy(() -> TwoC2pJose.open(forSomeoneElse, merchantPublic, gatewayPrivate))
        .isInstanceOf(GeneralSecurityException.class);

    String answer = TwoC2pJose.seal(REQUEST, gatewayPrivate, merchantPublic);
    assertThatThrownBy(() -> TwoC2pJose.open(answer, merchantPublic, merchantPrivate))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  @DisplayName("an unsigned token (alg none), padding or a token of the wrong shape is refused")
  void malformedRefused() throws Exception {
    String token = TwoC2pJose.seal(REQUEST, merchantPrivate, gatewayPublic);
    String[] jws = token.split("\\.");
    String none =
        Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes())
            + "."
            + jws[1]
            + ".";
    for (String bad : new String[] {none, jws[0] + "." + jws[1], token + "=", "", "a.b.c"}) {
      assertThatThrownBy(() -> TwoC2pJose.open(bad, merchantPublic, gatewayPrivate))
          .as(bad)
          .isInstanceOf(GeneralSecurityException.class);
    }
  }

  @Test
  @DisplayName("keys are read as base64 DER with or without PEM lines")
  void keys() throws Exception {
    String pem =
        "-----BEGIN PUBLIC KEY-----\n"
            + TwoC2pKeys.GATEWAY_PUBLIC.replaceAll("(.{64})", "$1\n")
            + "\n-----END PUBLIC KEY-----\n";
    assertThat(TwoC2pJose.publicKey(pem)).isEqualTo(gatewayPublic);
    assertThatThrownBy(() -> TwoC2pJose.privateKey("not a key"))
        .isInstanceOf(GeneralSecurityException.class);
  }

  private static String jweOf(String jws) {
    return new String(
        Base64.getUrlDecoder().decode(jws.split("\\.")[1]), StandardCharsets.US_ASCII);
  }

  /** A JWS over {@code jwe} exactly as the envelope makes one, to reach the JWE's own checks. */
  private static String resign(String jwe, PrivateKey sender) throws Exception {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String input =
        b64.encodeToString("{\"alg\":\"PS256\",\"typ\":\"JWT\"}".getBytes())
            + "."
            + b64.encodeToString(jwe.getBytes(StandardCharsets.US_ASCII));
    java.security.Signature signer = java.security.Signature.getInstance("RSASSA-PSS");
    signer.setParameter(
        new java.security.spec.PSSParameterSpec(
            "SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec.SHA256, 32, 1));
    signer.initSign(sender);
    signer.update(input.getBytes(StandardCharsets.US_ASCII));
    return input + "." + b64.encodeToString(signer.sign());
  }

  /** One base64url character of part {@code part} changed to another valid one. */
  private static String tampered(String token, int part) {
    String[] parts = token.split("\\.", -1);
    char[] chars = parts[part].toCharArray();
    int at = chars.length / 2;
    chars[at] = chars[at] == 'A' ? 'B' : 'A';
    parts[part] = new String(chars);
    return String.join(".", parts);
  }

  private static JsonNode header(String part) throws Exception {
    return Json.MAPPER.readTree(Base64.getUrlDecoder().decode(part));
  }

  private static PrivateKey key(String der) {
    try {
      return TwoC2pJose.privateKey(der);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static PublicKey publicKey(String der) {
    try {
      return TwoC2pJose.publicKey(der);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}

package io.ichido.payments.gateway.twoc2p;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import io.ichido.webhooks.control.Deliveries;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TwoC2pWebhooksTest {

  private static final Map<String, String> MERCHANT =
      Map.of(
          "ichido.gateway.2c2p.merchant-id",
          "JT01",
          "ichido.gateway.2c2p.secret-key",
          WebhookSecrets.TWO_C2P);
  private static final String EVENT_ID = "ORDER-42:0000:T1";

  /** Without {@code ichido.webhooks.2c2p.secrets}: the merchant secret key signs. */
  private final TwoC2pWebhooks twoC2p = twoC2p(List.of());

  private static TwoC2pWebhooks twoC2p(List<String> webhookSecrets) {
    TwoC2pWebhooks twoC2p = new TwoC2pWebhooks();
    twoC2p.frame = Deliveries.frame(webhookSecrets, MERCHANT);
    return twoC2p;
  }

  private static Map<String, Object> claims() {
    return WebhookEvents.twoC2pClaims("JT01", "ORDER-42", 5672, "JPY", "0000", "T1");
  }

  private static ReceivedEvent read(TwoC2pWebhooks dialect, String body) {
    return dialect.read(Deliveries.headers(Map.of()), body.getBytes(StandardCharsets.UTF_8));
  }

  private static String signed(Map<String, Object> claims, String secret) {
    return WebhookSigner.twoC2pBody(claims, secret);
  }

  private static String jwt(String body) {
    return body.substring("{\"payload\":\"".length(), body.length() - "\"}".length());
  }

  private static String base64url(String text) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("a signed notification is read: the invoice and its outcome")
  void valid() {
    ReceivedEvent event = read(twoC2p, signed(claims(), WebhookSecrets.TWO_C2P));

    assertThat(event.eventId()).isEqualTo(EVENT_ID);
    GatewayNotice notice = event.notice().orElseThrow();
    assertThat(notice.reference()).isEqualTo("ORDER-42");
    assertThat(notice.outcome()).isEqualTo(Outcome.SUCCEEDED);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
  }

  @Test
  @DisplayName("claims swapped under a genuine header and signature do not verify")
  void tamperedBody() {
    String[] parts = jwt(signed(claims(), WebhookSecrets.TWO_C2P)).split("\\.");
    Map<String, Object> more = claims();
    more.put("amount", new java.math.BigDecimal("5673.00"));
    String forgedClaims = jwt(signed(more, WebhookSecrets.TWO_C2P)).split("\\.")[1];
    String forged = parts[0] + "." + forgedClaims + "." + parts[2];
    rejected(() -> read(twoC2p, "{\"payload\":\"" + forged + "\"}"), "does not verify");
  }

  /**
   * Every way found to forge a 2C2P notification's JWT. The dialect checks the JWT itself (not
   * through a stripe-style header), so each kind needs its own case here: no IT would notice one of
   * them slipping through.
   */
  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> forgeries() {
    String genuine = jwt(signed(claims(), WebhookSecrets.TWO_C2P));
    String[] parts = genuine.split("\\.");
    String header = parts[0];
    String payload = parts[1];
    String signature = parts[2];
    String noneHeader = base64url("{\"alg\":\"none\",\"typ\":\"JWT\"}");
    String rsHeader = base64url("{\"alg\":\"RS256\",\"typ\":\"JWT\"}");
    byte[] bytes = Base64.getUrlDecoder().decode(signature);
    byte[] flipped = bytes.clone();
    flipped[flipped.length - 1] ^= 1;
    String truncated =
        Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(bytes, 16));
    String otherMerchant =
        jwt(
            signed(
                WebhookEvents.twoC2pClaims("JT01", "ORDER-43", 5672, "JPY", "0000", "T1"),
                WebhookSecrets.TWO_C2P));
    return java.util.stream.Stream.of(
        forgery("alg none, no signature", noneHeader + "." + payload + ".", "does not verify"),
        forgery(
            "alg none, the genuine signature",
            noneHeader + "." + payload + "." + signature,
            "does not verify"),
        forgery(
            "another alg in the header",
            rsHeader + "." + payload + "." + signature,
            "does not verify"),
        forgery("empty signature", header + "." + payload + ".", "does not verify"),
        forgery(
            "one bit of the signature flipped",
            header
                + "."
                + payload
                + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(flipped),
            "does not verify"),
        forgery(
            "signature cut to 16 bytes",
            header + "." + payload + "." + truncated,
            "does not verify"),
        forgery(
            "another notification's signature",
            header + "." + payload + "." + otherMerchant.split("\\.")[2],
            "does not verify"),
        forgery("signature not base64url", header + "." + payload + ".%%%", "not base64url"),
        forgery("two parts", header + "." + payload, "not a signed JWT"),
        forgery("four parts", genuine + "." + signature, "not a signed JWT"),
        forgery(
            "claims re-encoded with padding",
            header + "." + payload + "==" + "." + signature,
            "does not verify"));
  }

  private static org.junit.jupiter.params.provider.Arguments forgery(
      String kind, String token, String why) {
    return org.junit.jupiter.params.provider.Arguments.of(kind, token, why);
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("forgeries")
  @DisplayName("each kind of forged JWT is refused")
  void forgedJwt(String kind, String token, String why) {
    rejected(() -> read(twoC2p, "{\"payload\":\"" + token + "\"}"), why);
  }

  @Test
  @DisplayName("claims that are not base64url under a valid signature over them are refused")
  void claimsNotBase64url() throws Exception {
    String header = jwt(signed(claims(), WebhookSecrets.TWO_C2P)).split("\\.")[0];
    String claims = "not*base64url";
    javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(
        new javax.crypto.spec.SecretKeySpec(
            WebhookSecrets.TWO_C2P.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String signature =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(mac.doFinal((header + "." + claims).getBytes(StandardCharsets.UTF_8)));
    rejected(
        () -> read(twoC2p, "{\"payload\":\"" + header + "." + claims + "." + signature + "\"}"),
        "claims are not base64url");
  }

  @Test
  void wrongSecret() {
    rejected(() -> read(twoC2p, signed(claims(), Deliveries.OLD_SECRET)), "does not verify");
  }

  @Test
  @DisplayName(
      "while the secret rotates, ichido.webhooks.2c2p.secrets lists both, the second signs")
  void rotatedSecret() {
    TwoC2pWebhooks rotating = twoC2p(List.of(Deliveries.OLD_SECRET, WebhookSecrets.TWO_C2P));
    assertThat(read(rotating, signed(claims(), WebhookSecrets.TWO_C2P)).eventId())
        .isEqualTo(EVENT_ID);
    assertThat(read(rotating, signed(claims(), Deliveries.OLD_SECRET)).eventId())
        .isEqualTo(EVENT_ID);
  }

  @Test
  @DisplayName("2C2P signs no time: a transaction older than its id is remembered is refused")
  void tooOldEvent() {
    DateTimeFormatter japan =
        DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneId.of("Asia/Tokyo"));
    Map<String, Object> old = claims();
    old.put("transactionDateTime", japan.format(Instant.now().minus(Duration.ofDays(31))));
    rejected(() -> read(twoC2p, signed(old, WebhookSecrets.TWO_C2P)), "h ago");

    Map<String, Object> recent = claims();
    recent.put("transactionDateTime", japan.format(Instant.now().minus(Duration.ofDays(3))));
    assertThat(read(twoC2p, signed(recent, WebhookSecrets.TWO_C2P)).eventId()).isEqualTo(EVENT_ID);
  }

  @Test
  @DisplayName("without transactionDateTime only the id stops a replay; a time that is none fails")
  void withoutTime() {
    Map<String, Object> none = claims();
    none.remove("transactionDateTime");
    assertThat(read(twoC2p, signed(none, WebhookSecrets.TWO_C2P)).eventId()).isEqualTo(EVENT_ID);

    Map<String, Object> garbled = claims();
    garbled.put("transactionDateTime", "yesterday");
    rejected(() -> read(twoC2p, signed(garbled, WebhookSecrets.TWO_C2P)), "no time");
  }

  @Test
  @DisplayName("claims that are not JSON under a valid signature are still refused")
  void malformedJsonAfterValidSignature() {
    String header = base64url("{\"alg\":\"HS256\",\"typ\":\"JWT\"}");
    String claims = base64url("{\"merchantID\":");
    byte[] mac =
        Deliveries.hmacSha256(
            WebhookSecrets.TWO_C2P.getBytes(StandardCharsets.UTF_8),
            (header + "." + claims).getBytes(StandardCharsets.US_ASCII));
    String token =
        header + "." + claims + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
    rejected(() -> read(twoC2p, "{\"payload\":\"" + token + "\"}"), "not JSON");
  }

  @Test
  @DisplayName("the outer body: the payload is found among other members; anything else fails")
  void outerBody() {
    String token = jwt(signed(claims(), WebhookSecrets.TWO_C2P));
    String padded = "{\"x\":{\"y\":[1,{\"z\":2}]},\"payload\":\"" + token + "\",\"w\":null}";
    assertThat(read(twoC2p, padded).eventId()).isEqualTo(EVENT_ID);

    rejected(() -> read(twoC2p, "{\"payload\":"), "not JSON");
    rejected(() -> read(twoC2p, "[\"" + token + "\"]"), "not a JSON object");
    rejected(() -> read(twoC2p, "{\"notified\":true}"), "has no payload");
    rejected(() -> read(twoC2p, "{\"payload\":{\"jwt\":\"" + token + "\"}}"), "has no payload");
    rejected(() -> read(twoC2p, "{\"payload\":\"a.b\"}"), "not a signed JWT");
    rejected(() -> read(twoC2p, "{\"payload\":\"a.b.!!\"}"), "not base64url");
  }

  @Test
  void anotherMerchant() {
    Map<String, Object> other = claims();
    other.put("merchantID", "JT02");
    rejected(() -> read(twoC2p, signed(other, WebhookSecrets.TWO_C2P)), "another merchant");
  }

  @Test
  void namesItsGateway() {
    assertThat(twoC2p.gateway()).isEqualTo("2c2p");
  }

  private static Map<String, Object> claims(String respCode) {
    return WebhookEvents.twoC2pClaims("JT01", "ORDER-42", 5672, "JPY", respCode, "T1");
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource({
    "0000, SUCCEEDED,",
    "4110, SUCCEEDED,",
    "5009, EXPIRED, 5009 Payment expired",
    "4005, FAILED, 4005 Do not honor",
    "0003, FAILED, 0003 Transaction is cancelled",
    "4120, REFUNDED, 4120 Refunded",
    "4130, DISPUTED, 4130 Chargeback",
  })
  @DisplayName("each respCode is its outcome; any but a payment's says its code and meaning")
  void outcomes(String respCode, Outcome outcome, String reason) {
    ReceivedEvent event = read(twoC2p, signed(claims(respCode), WebhookSecrets.TWO_C2P));

    assertThat(event.eventId()).isEqualTo("ORDER-42:" + respCode + ":T1");
    assertThat(event.type()).isEqualTo("respCode " + respCode);
    GatewayNotice notice = event.notice().orElseThrow();
    assertThat(notice.gateway()).isEqualTo("2c2p");
    assertThat(notice.chargeId()).isEqualTo("ORDER-42");
    assertThat(notice.reference()).isEqualTo("ORDER-42");
    assertThat(notice.outcome()).isEqualTo(outcome);
    assertThat(notice.amount()).isEqualTo(5672);
    assertThat(notice.currency()).isEqualTo("JPY");
    assertThat(notice.reason()).isEqualTo(reason);
    assertThat(notice.disputeMoney())
        .as("a chargeback is money the bank took, closed and lost; nothing else is a dispute")
        .isEqualTo(
            outcome == Outcome.DISPUTED
                ? new GatewayNotice.DisputeMoney(5672, 1, true, false)
                : null);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"0001", "2001", "4000", "7777"})
  @DisplayName("pending, in progress or no payment's outcome: read, with nothing to apply")
  void nothingToApply(String respCode) {
    ReceivedEvent event = read(twoC2p, signed(claims(respCode), WebhookSecrets.TWO_C2P));

    assertThat(event.gateway()).isEqualTo("2c2p");
    assertThat(event.eventId()).isEqualTo("ORDER-42:" + respCode + ":T1");
    assertThat(event.type()).isEqualTo("respCode " + respCode);
    assertThat(event.notice()).isEmpty();
  }

  @Test
  @DisplayName("an amount as a number or a decimal string is read; a fraction of a unit is refused")
  void amounts() {
    Map<String, Object> number = claims();
    number.put("amount", 5672);
    assertThat(read(twoC2p, signed(number, WebhookSecrets.TWO_C2P)).notice().orElseThrow().amount())
        .isEqualTo(5672);

    Map<String, Object> fraction = claims();
    fraction.put("amount", "5672.50");
    rejected(() -> read(twoC2p, signed(fraction, WebhookSecrets.TWO_C2P)), "not a whole number");
  }
}

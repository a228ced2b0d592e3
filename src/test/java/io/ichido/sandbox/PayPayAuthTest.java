package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The sandbox's PayPay HMAC check against PayPay's own published test vectors. */
class PayPayAuthTest {

  // V1: PayPay's API authorization page.
  private static final String V1_BODY =
      "{\"sampleRequestBodyKey1\":\"sampleRequestBodyValue1\","
          + "\"sampleRequestBodyKey2\":\"sampleRequestBodyValue2\"}";
  private static final String V1_HEADER =
      "hmac OPA-Auth:APIKeyGenerated:NW1jKIMnzR7tEhMWtcJcaef+nFVBt7jjAGcVuxHhchc=:acd028"
          + ":1579843452:1j0FnY4flNp5CtIKa7x9MQ==";

  // V3: PayPay's FAQ "How do I configure HMAC authentication", the body exactly as it prints it.
  private static final String V3_BODY =
      """
      {
          "merchantPaymentId": "TEST_QR_Payment",
          "amount": {
              "amount":10,
              "currency": "JPY"
          },
          "codeType": "ORDER_QR",
          "isAuthorization":false,
          "redirectUrl":"https://about.paypay.ne.jp/",
          "redirectType":"WEB_LINK"
      }"""
          .stripTrailing();
  private static final String V3_HEADER =
      "hmac OPA-Auth:sample_key:C2a7jD7OjL1DXnZhSYQfRI2Oxfdh43htV7pG8cwgCy4=:fedaa4:1743138611"
          + ":T9wzkv1tUWIxzIHQUT7iDQ==";

  private final PayPayAuth v1 = new PayPayAuth("APIKeyGenerated", "APIKeySecretGenerated");
  private final PayPayAuth v3 = new PayPayAuth("sample_key", "sample_secret");

  @Test
  @DisplayName("PayPay's vector V1 (content type application/json;charset=UTF-8;) is accepted")
  void acceptsVectorOne() {
    assertThat(
            v1.accepts(
                V1_HEADER,
                "/v2/codes",
                "POST",
                "application/json;charset=UTF-8;",
                V1_BODY.getBytes(UTF_8),
                1579843452))
        .isTrue();
  }

  @Test
  @DisplayName("PayPay's vector V3 (a pretty-printed body, hashed as sent) is accepted")
  void acceptsVectorThree() {
    assertThat(PayPayAuth.hash("application/json", V3_BODY.getBytes(UTF_8)))
        .isEqualTo("T9wzkv1tUWIxzIHQUT7iDQ==");
    assertThat(
            v3.accepts(
                V3_HEADER,
                "/v2/codes",
                "POST",
                "application/json",
                V3_BODY.getBytes(UTF_8),
                1743138611 + 119))
        .isTrue();
  }

  @Test
  @DisplayName("a vector is refused past 120 s, with another content type, path or body")
  void refusesWhatTheVectorDoesNotSign() {
    byte[] body = V1_BODY.getBytes(UTF_8);
    String type = "application/json;charset=UTF-8;";
    assertThat(v1.accepts(V1_HEADER, "/v2/codes", "POST", type, body, 1579843452 + 121)).isFalse();
    assertThat(v1.accepts(V1_HEADER, "/v2/codes", "POST", "application/json", body, 1579843452))
        .isFalse();
    assertThat(v1.accepts(V1_HEADER, "/paypay/v2/codes", "POST", type, body, 1579843452)).isFalse();
    assertThat(
            v1.accepts(
                V1_HEADER,
                "/v2/codes",
                "POST",
                type,
                V1_BODY.replace('1', '2').getBytes(UTF_8),
                1579843452))
        .isFalse();
    assertThat(v3.accepts(V1_HEADER, "/v2/codes", "POST", type, body, 1579843452)).isFalse();
  }

  @Test
  @DisplayName("the tests' own signer agrees with the vectors, so it can sign the HTTP tests")
  void signerReproducesTheVectors() throws Exception {
    assertThat(
            new PayPaySigner("APIKeyGenerated", "APIKeySecretGenerated")
                .authorization(
                    "POST",
                    "/v2/codes",
                    "application/json;charset=UTF-8;",
                    V1_BODY,
                    "acd028",
                    1579843452))
        .isEqualTo(V1_HEADER);
    assertThat(
            new PayPaySigner("sample_key", "sample_secret")
                .authorization(
                    "POST", "/v2/codes", "application/json", V3_BODY, "fedaa4", 1743138611))
        .isEqualTo(V3_HEADER);
  }

  @Test
  @DisplayName("a request without a body signs the content type and hash as 'empty' (V2)")
  void bodylessRequestsSignEmpty() {
    // V2 reproduces only with this path (PayPay's FAQ names another).
    String header =
        "hmac OPA-Auth:sample_key:JbUZwAUKeQ+WDClEjkCGwYG/juFR+Dd5RK5AfL0gK9w=:a360e2"
            + ":1743139337:empty";
    assertThat(
            new PayPayAuth("sample_key", "sample_secret")
                .accepts(
                    header,
                    "/v2/payments/TEST_merchantPaymentID",
                    "GET",
                    null,
                    new byte[0],
                    1743139337))
        .isTrue();
  }
}

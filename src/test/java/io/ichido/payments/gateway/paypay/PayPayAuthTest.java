package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The header against the examples PayPay publishes, computed by PayPay, not by us. */
class PayPayAuthTest {

  @Test
  @DisplayName("PayPay's API authorization page: a POST with a body")
  void postWithBody() {
    PayPayAuth auth = new PayPayAuth("APIKeyGenerated", "APIKeySecretGenerated");
    String body =
        "{\"sampleRequestBodyKey1\":\"sampleRequestBodyValue1\","
            + "\"sampleRequestBodyKey2\":\"sampleRequestBodyValue2\"}";

    assertThat(
            auth.header(
                "POST", "/v2/codes", "application/json;charset=UTF-8;", body, "acd028", 1579843452))
        .isEqualTo(
            "hmac OPA-Auth:APIKeyGenerated:NW1jKIMnzR7tEhMWtcJcaef+nFVBt7jjAGcVuxHhchc="
                + ":acd028:1579843452:1j0FnY4flNp5CtIKa7x9MQ==");
  }

  @Test
  @DisplayName("PayPay's HMAC FAQ: a create over the exact bytes sent, pretty-printed")
  void hashCoversTheBytesSent() {
    PayPayAuth auth = new PayPayAuth("sample_key", "sample_secret");
    String body =
        String.join(
            "\n",
            "{",
            "    \"merchantPaymentId\": \"TEST_QR_Payment\",",
            "    \"amount\": {",
            "        \"amount\":10,",
            "        \"currency\": \"JPY\"",
            "    },",
            "    \"codeType\": \"ORDER_QR\",",
            "    \"isAuthorization\":false,",
            "    \"redirectUrl\":\"https://about.paypay.ne.jp/\",",
            "    \"redirectType\":\"WEB_LINK\"",
            "}");

    assertThat(auth.header("POST", "/v2/codes", "application/json", body, "fedaa4", 1743138611))
        .isEqualTo(
            "hmac OPA-Auth:sample_key:C2a7jD7OjL1DXnZhSYQfRI2Oxfdh43htV7pG8cwgCy4="
                + ":fedaa4:1743138611:T9wzkv1tUWIxzIHQUT7iDQ==");
  }

  @Test
  @DisplayName("PayPay's HMAC FAQ: a GET signs the literal 'empty' as content type and hash")
  void noBody() {
    PayPayAuth auth = new PayPayAuth("sample_key", "sample_secret");

    assertThat(
            auth.header(
                "GET", "/v2/payments/TEST_merchantPaymentID", null, null, "a360e2", 1743139337))
        .isEqualTo(
            "hmac OPA-Auth:sample_key:JbUZwAUKeQ+WDClEjkCGwYG/juFR+Dd5RK5AfL0gK9w="
                + ":a360e2:1743139337:empty");
  }

  @Test
  @DisplayName("a fresh nonce and the current epoch each time")
  void fresh() {
    PayPayAuth auth = new PayPayAuth("k", "s");
    String first = auth.header("GET", "/v2/codes/payments/x", null, null);
    String second = auth.header("GET", "/v2/codes/payments/x", null, null);

    assertThat(first).isNotEqualTo(second).startsWith("hmac OPA-Auth:k:");
    long epoch = Long.parseLong(first.split(":")[4]);
    assertThat(epoch)
        .isBetween(System.currentTimeMillis() / 1000 - 5, System.currentTimeMillis() / 1000 + 5);
  }
}

package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Instant;

/**
 * PayPay requests as a client sends them, each signed now by {@link PayPaySigner} over the path the
 * sandbox receives ({@code /paypay} included); the customer paying at the code's page; the control
 * API's PayPay settings.
 */
abstract class SandboxPayPaySupport extends SandboxTestSupport {

  static final String CONTENT_TYPE = "application/json;charset=UTF-8";
  static final String REDIRECT = "https://shop.example/paypay/back";

  /** {@code body} null: a request without one (GET, DELETE). */
  HttpRequest paypay(String method, String path, String body) throws Exception {
    String signed = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    String authorization =
        PayPaySigner.SANDBOX.authorization(
            method,
            "/paypay" + signed,
            CONTENT_TYPE,
            body,
            Ids.lowercase("", 8),
            Instant.now().getEpochSecond());
    return signedRequest(method, path, body, authorization);
  }

  HttpRequest signedRequest(String method, String path, String body, String authorization) {
    HttpRequest.Builder request = request("/paypay" + path).header("Authorization", authorization);
    if (body == null) {
      return request.method(method, BodyPublishers.noBody()).build();
    }
    return request
        .header("Content-Type", CONTENT_TYPE)
        .method(method, BodyPublishers.ofString(body))
        .build();
  }

  static String order(String merchantPaymentId, long amount) {
    return "{\"merchantPaymentId\":\""
        + merchantPaymentId
        + "\",\"amount\":{\"amount\":"
        + amount
        + ",\"currency\":\"JPY\"},\"codeType\":\"ORDER_QR\",\"orderDescription\":\"Order\","
        + "\"requestedAt\":"
        + Instant.now().getEpochSecond()
        + ",\"redirectUrl\":\""
        + REDIRECT
        + "\",\"redirectType\":\"WEB_LINK\"}";
  }

  HttpResponse<String> create(String merchantPaymentId) throws Exception {
    return send(paypay("POST", "/v2/codes", order(merchantPaymentId, 5672)));
  }

  /** The create's {@code data}, which must be a 201. */
  JsonNode created(String merchantPaymentId) throws Exception {
    HttpResponse<String> answer = create(merchantPaymentId);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    return json(answer).get("data");
  }

  /** A payment created and paid, its details showing it paid; its {@code paymentId}. */
  String paid(String merchantPaymentId) throws Exception {
    created(merchantPaymentId);
    settle("paypay", merchantPaymentId, "complete");
    return awaitStatus(merchantPaymentId, "COMPLETED").get("paymentId").asText();
  }

  static void assertAnswer(HttpResponse<String> answer, int status, String code) throws Exception {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    assertThat(code(answer)).isEqualTo(code);
  }

  HttpResponse<String> details(String merchantPaymentId) throws Exception {
    return send(paypay("GET", "/v2/codes/payments/" + merchantPaymentId, null));
  }

  String status(String merchantPaymentId) throws Exception {
    return json(details(merchantPaymentId)).at("/data/status").asText();
  }

  /** Polls the details until they say {@code status}; fails after {@link #PATIENCE}. */
  JsonNode awaitStatus(String merchantPaymentId, String status) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    JsonNode data;
    do {
      data = json(details(merchantPaymentId)).get("data");
      if (data.path("status").asText().equals(status)) {
        return data;
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    throw new AssertionError("Details never said " + status + ": " + data);
  }

  /** The customer opens the page of the code a create answered ({@code data}). */
  HttpResponse<String> page(JsonNode code) throws Exception {
    return send(request(code.get("url").asText().substring(sandbox.baseUrl().length())).GET());
  }

  /** The customer presses a button of the code's page at {@code url}. */
  HttpResponse<String> press(String url, String button) throws Exception {
    String path = url.substring(sandbox.baseUrl().length());
    return send(
        request(path)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(BodyPublishers.ofString("action=" + button)));
  }

  static String refund(String merchantRefundId, String paymentId, long amount) {
    return "{\"merchantRefundId\":\""
        + merchantRefundId
        + "\",\"paymentId\":\""
        + paymentId
        + "\",\"amount\":{\"amount\":"
        + amount
        + ",\"currency\":\"JPY\"},\"requestedAt\":"
        + Instant.now().getEpochSecond()
        + ",\"reason\":\"returned\"}";
  }

  static String code(HttpResponse<String> answer) throws Exception {
    return json(answer).at("/resultInfo/code").asText();
  }

  void detailsLag(long millis) throws Exception {
    String body = "{\"gateway\":\"paypay\",\"delayMillis\":" + millis + "}";
    assertThat(send(post("/_sandbox/details-lag", body)).statusCode()).isEqualTo(200);
  }

  void webhookDelivery(String mode, long delayMillis) throws Exception {
    String body =
        "{\"gateway\":\"paypay\",\"mode\":\"" + mode + "\",\"delayMillis\":" + delayMillis + "}";
    assertThat(send(post("/_sandbox/webhook-delivery", body)).statusCode()).isEqualTo(200);
  }
}

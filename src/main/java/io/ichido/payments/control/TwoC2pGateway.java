package io.ichido.payments.control;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.platform.control.Json;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * 2C2P PGW v4.3 over MicroProfile Rest Client, payloads as HS256 JWTs signed with the merchant
 * secret. The invoice number ({@code ORDER-<id>}) is 2C2P's idempotency: the same invoice is never
 * charged twice. The outcome is always read back with a payment inquiry.
 */
@ApplicationScoped
public class TwoC2pGateway implements PaymentGateway {

  static final String NAME = "2c2p";

  @Inject GatewaySettings settings;

  private TwoC2pApi pgw;
  private Algorithm hs256;
  private String merchantId;

  @PostConstruct
  void connect() {
    pgw = GatewayHttp.client(TwoC2pApi.class, settings.baseUrl(NAME), settings);
    hs256 = Algorithm.HMAC256(settings.secretKey(NAME));
    merchantId = settings.value(NAME, "merchant-id");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(PaymentMethod.CARD);
  }

  @Override
  public GatewayCharge charge(ChargeCommand command) {
    Map<String, Object> tokenRequest = new LinkedHashMap<>();
    tokenRequest.put("merchantID", merchantId);
    tokenRequest.put("invoiceNo", command.reference());
    tokenRequest.put("description", "Order " + command.orderId());
    // java-jwt takes no BigDecimal; a double holds any yen amount exactly.
    tokenRequest.put("amount", (double) command.amount());
    tokenRequest.put("currencyCode", command.currency());
    tokenRequest.put("paymentChannel", List.of("CC"));
    tokenRequest.put("idempotencyID", command.gatewayKey());
    JsonNode token = signed(() -> pgw.paymentToken(sign(tokenRequest)));
    if (!"0000".equals(GatewayHttp.text(token, "respCode"))) {
      throw new GatewayRejected(NAME, "paymentToken " + GatewayHttp.text(token, "respCode"));
    }

    ObjectNode payment = Json.MAPPER.createObjectNode();
    payment.put("paymentToken", GatewayHttp.text(token, "paymentToken"));
    ObjectNode details = payment.putObject("payment");
    details.putObject("code").put("channelCode", "CC");
    details.putObject("data").put("securePayToken", command.token());
    Answer paid = GatewayHttp.call(NAME, () -> pgw.payment(json(payment)));
    if (!paid.ok()) {
      throw new GatewayRejected(NAME, "payment HTTP " + paid.status());
    }
    return inquire(command.reference());
  }

  @Override
  public GatewayCharge retrieve(String invoiceNo) {
    return inquire(invoiceNo);
  }

  /** The invoice number is our reference: the inquiry is the lookup. */
  @Override
  public Optional<GatewayCharge> lookup(String reference, long orderId) {
    return Optional.of(inquire(reference));
  }

  private GatewayCharge inquire(String invoiceNo) {
    Map<String, Object> inquiry = new LinkedHashMap<>();
    inquiry.put("merchantID", merchantId);
    inquiry.put("invoiceNo", invoiceNo);
    inquiry.put("locale", "en");
    JsonNode result = signed(() -> pgw.paymentInquiry(sign(inquiry)));
    String code = String.valueOf(GatewayHttp.text(result, "respCode"));
    long amount = result.path("amount").decimalValue().longValue();
    String currency = GatewayHttp.text(result, "currencyCode");
    Map<String, Object> reference = new LinkedHashMap<>();
    reference.put("tranRef", GatewayHttp.text(result, "tranRef"));
    reference.put("approvalCode", GatewayHttp.text(result, "approvalCode"));
    if ("0000".equals(code)) {
      return new GatewayCharge(
          ChargeStatus.SUCCEEDED, invoiceNo, amount, currency, reference, null, null, null);
    }
    if (code.startsWith("4")) {
      return GatewayCharge.declined(
          invoiceNo, amount, currency, code, GatewayHttp.text(result, "respDesc"));
    }
    // 2001 and friends: the outcome is not known yet; asking again (same invoice) is safe.
    throw new GatewayUnavailable(NAME, "inquiry answered " + code, null);
  }

  private String sign(Map<String, Object> claims) {
    return json(
        Json.MAPPER
            .createObjectNode()
            .put("payload", JWT.create().withPayload(claims).sign(hs256)));
  }

  /** Calls, then verifies and opens the JWT answer; a forged or garbled answer is not trusted. */
  private JsonNode signed(java.util.function.Supplier<jakarta.ws.rs.core.Response> request) {
    Answer answer = GatewayHttp.call(NAME, request);
    String payload = GatewayHttp.text(answer.body(), "payload");
    if (!answer.ok() || payload == null) {
      throw new GatewayRejected(
          NAME, "HTTP " + answer.status() + " " + GatewayHttp.text(answer.body(), "respCode"));
    }
    try {
      String claims =
          new String(
              java.util.Base64.getUrlDecoder()
                  .decode(JWT.require(hs256).build().verify(payload).getPayload()),
              java.nio.charset.StandardCharsets.UTF_8);
      return Json.MAPPER.readTree(claims);
    } catch (JWTVerificationException | JsonProcessingException forged) {
      throw new GatewayRejected(NAME, "answer signature invalid");
    }
  }

  private static String json(JsonNode node) {
    try {
      return Json.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tree of strings always serializes", e);
    }
  }
}

package io.ichido.payments.gateway.paypay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.control.GatewayRefundAnswer;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.control.PaymentSettings;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.control.UnheardWord;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.Gateway;
import io.ichido.platform.control.Json;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * PayPay's Open Payment API, dynamic QR codes paid in the PayPay app or its web page. Our gateway
 * key is the {@code merchantPaymentId}, which PayPay never lets pay twice: a create sent again
 * under it answers DUPLICATE_DYNAMIC_QR_REQUEST, read as "it exists", and the payment is then asked
 * for. That key is also the charge id: Get Payment Details reads a payment by it at once after its
 * create, so the outcome never rests on a search.
 */
@ApplicationScoped
@Gateway(value = PayPayGateway.NAME, listed = 5, requires = "api-key", unsignedWebhooks = true)
public class PayPayGateway implements PaymentGateway {

  static final String NAME = "paypay";

  /** What the attempt keeps of the create's answer: the code to delete, and when it lapses. */
  static final String CODE_ID = "code_id";

  static final String CODE_EXPIRES_AT = "code_expires_at";

  @Inject GatewaySettings settings;
  @Inject PaymentSettings payments;

  // Set by connect(); package-private so that a test can give the adapter a client of its own.
  PayPayApi paypay;
  PayPayAuth auth;
  String basePath;
  String merchant;

  @PostConstruct
  void connect() {
    String baseUrl = settings.baseUrl(NAME);
    paypay = GatewayHttp.client(PayPayApi.class, baseUrl, settings);
    auth = new PayPayAuth(settings.value(NAME, "api-key"), settings.secretKey(NAME));
    String path = URI.create(baseUrl).getPath();
    basePath = path == null ? "" : path.replaceAll("/+$", "");
    merchant = settings.optional(NAME, "merchant-id").filter(m -> !m.isBlank()).orElse(null);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(PaymentMethod.PAYPAY);
  }

  @Override
  public GatewayCharge charge(ChargeCommand command) {
    ObjectNode code = Json.MAPPER.createObjectNode();
    code.put("merchantPaymentId", command.gatewayKey());
    code.putObject("amount").put("amount", command.amount()).put("currency", command.currency());
    code.put("codeType", "ORDER_QR");
    code.put("orderDescription", "Order " + command.orderId());
    code.put("requestedAt", System.currentTimeMillis() / 1000);
    if (command.returnUrl() != null) {
      code.put("redirectUrl", command.returnUrl());
      code.put("redirectType", "WEB_LINK");
    }
    String body = json(code);
    Answer answer = call(() -> paypay.createCode(sign("POST", "/v2/codes", body), merchant, body));
    PayPayCode meaning = PayPayCode.of(answer.body());
    if (answer.ok() && meaning == PayPayCode.OK) {
      return created(command.gatewayKey(), answer.body().path("data"), payments.paymentWindow());
    }
    if (meaning == PayPayCode.EXISTS) {
      return existing(command.gatewayKey());
    }
    throw refused(answer);
  }

  /**
   * A create's own answer: the QR code waits for the customer at its URL until the order's payment
   * window closes (or the code expires first); then the sweep cancels it at PayPay before the order
   * lapses.
   */
  private static GatewayCharge created(String merchantPaymentId, JsonNode data, Duration window) {
    Map<String, Object> instructions = new LinkedHashMap<>();
    instructions.put("type", "paypay");
    instructions.put(CODE_ID, GatewayHttp.text(data, "codeId"));
    instructions.put("deeplink", GatewayHttp.text(data, "deeplink"));
    Instant deadline = Instant.now().plus(window);
    if (data.hasNonNull("expiryDate")) {
      Instant expires = Instant.ofEpochSecond(data.get("expiryDate").asLong());
      deadline = expires.isBefore(deadline) ? expires : deadline;
      instructions.put(CODE_EXPIRES_AT, expires.toString());
    }
    instructions.put("payment_deadline", deadline.truncatedTo(ChronoUnit.SECONDS).toString());
    JsonNode amount = data.path("amount");
    return new GatewayCharge(
        ChargeStatus.AWAITING_PAYMENT,
        merchantPaymentId,
        GatewayHttp.amount(NAME, amount, "amount"),
        GatewayHttp.text(amount, "currency"),
        instructions,
        GatewayHttp.text(data, "url"),
        null,
        null);
  }

  /**
   * A create sent again: PayPay holds a payment under this id already. Paid or ended, that is the
   * answer. Still open, its code's id and link went with the lost answer: nobody was shown the
   * code, so nobody can pay it, and it cannot be deleted either. The payment is cancelled, which
   * PayPay only receives while it is unpaid, but then reverses any payment made on it (article
   * 4414069180943), and read once more: still open, it is declined here; money PayPay reports later
   * reaches the books as any late payment does.
   */
  private GatewayCharge existing(String merchantPaymentId) {
    GatewayCharge now = retrieve(merchantPaymentId);
    if (now.status() != ChargeStatus.AWAITING_PAYMENT) {
      return now;
    }
    now = cancel(merchantPaymentId);
    if (now.status() == ChargeStatus.AWAITING_PAYMENT || now.status() == ChargeStatus.DECLINED) {
      return GatewayCharge.declined(
          merchantPaymentId,
          now.amount(),
          now.currency(),
          "link_lost",
          "The PayPay QR code's answer was lost, so it was cancelled at PayPay: pay again");
    }
    return now;
  }

  /** PayPay keeps a merchantPaymentId for good: the same create is always safe to send again. */
  @Override
  public boolean looksUp() {
    return false;
  }

  @Override
  public GatewayCharge retrieve(String merchantPaymentId) {
    return details(merchantPaymentId, paymentDetails(merchantPaymentId));
  }

  /** Get Payment Details' {@code data}; a payment not readable (yet) is no answer at all. */
  private JsonNode paymentDetails(String merchantPaymentId) {
    Answer answer =
        call(
            () ->
                paypay.paymentDetails(
                    sign("GET", "/v2/codes/payments/" + merchantPaymentId, null),
                    merchant,
                    merchantPaymentId));
    PayPayCode meaning = PayPayCode.of(answer.body());
    if (answer.ok() && meaning == PayPayCode.OK) {
      return answer.body().path("data");
    }
    if (meaning == PayPayCode.NOT_FOUND) {
      // Its create may still be on its way inside PayPay: not found is not "not paid".
      throw new GatewayUnavailable(
          NAME, "payment " + merchantPaymentId + " not readable yet", null);
    }
    throw refused(answer);
  }

  @Override
  public boolean cancels() {
    return true;
  }

  /** A payment whose code the attempt does not know: only the cancel, then the read-back. */
  @Override
  public GatewayCharge cancel(String merchantPaymentId) {
    return cancel(merchantPaymentId, Map.of());
  }

  /**
   * Ends a payment still waiting on the customer. PayPay only receives a cancel of an unpaid
   * payment, its code staying payable, and says to delete the code to stop payment at once
   * (integration.paypay.ne.jp article 4414069180943): so the code the attempt kept is deleted
   * first, then the payment is cancelled, so that one made as the code was deleted is reversed by
   * PayPay, then it is read back. PayPay shows an unpaid payment as {@code CREATED} still, its code
   * deleted or expired alike (article 4414093922831): read after a delete, or past the code's
   * {@code expiryDate}, that is an end ({@link #afterEnd}). Money PayPay reports later (a payment
   * that raced the delete) reaches the books as any late payment does: its webhook, read back.
   */
  @Override
  public GatewayCharge cancel(String merchantPaymentId, Map<String, Object> kept) {
    GatewayCharge before = retrieve(merchantPaymentId);
    if (before.status() != ChargeStatus.AWAITING_PAYMENT) {
      return before;
    }
    Code code =
        kept.get(CODE_ID) instanceof String codeId && !codeId.isBlank()
            ? deleteCode(codeId)
            : Code.NOT_KEPT;
    Answer answer =
        call(
            () ->
                paypay.cancelPayment(
                    sign("DELETE", "/v2/payments/" + merchantPaymentId, null),
                    merchant,
                    merchantPaymentId));
    if (!answer.ok()
        && PayPayCode.of(answer.body()) != PayPayCode.OK
        && !"ORDER_NOT_REVERSIBLE".equals(PayPayCode.code(answer.body()))) {
      throw refused(answer);
    }
    return afterEnd(
        merchantPaymentId, paymentDetails(merchantPaymentId), code, expiry(kept), Instant.now());
  }

  /** What became of a payment's code when its end deleted it. */
  enum Code {
    /** Gone: deleted now, or not found (deleted before, or lapsed), so nobody can pay it. */
    DELETED,
    /** Paid already (DYNAMIC_QR_ALREADY_PAID): the payment's details say what became of it. */
    PAID,
    /** The attempt kept no code id (its create's answer was lost): nothing was deleted. */
    NOT_KEPT
  }

  private Code deleteCode(String codeId) {
    Answer answer =
        call(
            () -> paypay.deleteCode(sign("DELETE", "/v2/codes/" + codeId, null), merchant, codeId));
    return switch (PayPayCode.of(answer.body())) {
      case OK, NOT_FOUND -> Code.DELETED;
      case PAID -> Code.PAID;
      default -> throw refused(answer);
    };
  }

  /**
   * A payment read back after its end: {@code CREATED} once its code is deleted, or at or after the
   * code's {@code expires}, can no longer be paid, and is read as ended, not charged; anything else
   * as Get Payment Details shows it. A code paid already is never read so: its details lag.
   */
  static GatewayCharge afterEnd(
      String merchantPaymentId, JsonNode data, Code code, Instant expires, Instant now) {
    GatewayCharge read = details(merchantPaymentId, data);
    if (!"CREATED".equals(GatewayHttp.text(data, "status")) || code == Code.PAID) {
      return read;
    }
    if (code == Code.DELETED) {
      return GatewayCharge.declined(
          merchantPaymentId,
          read.amount(),
          read.currency(),
          "code_deleted",
          "PayPay QR code deleted before it was paid");
    }
    if (expires != null && !now.isBefore(expires)) {
      return GatewayCharge.declined(
          merchantPaymentId,
          read.amount(),
          read.currency(),
          "code_expired",
          "PayPay QR code expired before it was paid");
    }
    return read;
  }

  /** When the kept code lapses, or null where the attempt kept none (or none we can read). */
  private static Instant expiry(Map<String, Object> kept) {
    if (kept.get(CODE_EXPIRES_AT) instanceof String text) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException unreadable) {
        return null;
      }
    }
    return null;
  }

  @Override
  public boolean refunds() {
    return true;
  }

  /**
   * Refunds under our refund key as PayPay's {@code merchantRefundId}: the same id again answers
   * the refund already made. A refund names PayPay's own payment id, read from the payment first.
   */
  @Override
  public GatewayRefundAnswer refund(RefundCommand command) {
    String merchantPaymentId = command.chargeId();
    JsonNode payment = paymentDetails(merchantPaymentId);
    String paymentId = GatewayHttp.text(payment, "paymentId");
    if (paymentId == null) {
      throw new GatewayRejected(NAME, "NOT_PAID");
    }
    ObjectNode refund = Json.MAPPER.createObjectNode();
    refund.put("merchantRefundId", command.gatewayKey());
    refund.put("paymentId", paymentId);
    refund.putObject("amount").put("amount", command.amount()).put("currency", command.currency());
    refund.put("requestedAt", System.currentTimeMillis() / 1000);
    refund.put("reason", truncate(command.reason() + " of order " + command.orderId(), 255));
    String body = json(refund);
    Answer answer = call(() -> paypay.refund(sign("POST", "/v2/refunds", body), merchant, body));
    if (!answer.ok() || PayPayCode.of(answer.body()) != PayPayCode.OK) {
      throw refused(answer);
    }
    JsonNode made = answer.body().path("data");
    String status = GatewayHttp.text(made, "status");
    if ("REFUND_FAILED".equals(status)) {
      throw new GatewayUnavailable(
          NAME, "refund " + command.gatewayKey() + " failed for now", null);
    }
    // CREATED and REFUNDED are both a refund PayPay made its own: it retries until it is done.
    long total = refunded(payment);
    if (!names(payment, command.gatewayKey())) {
      total += made.path("amount").path("amount").asLong(command.amount());
    }
    return new GatewayRefundAnswer(command.gatewayKey(), total);
  }

  /** A payment as Get Payment Details shows it. */
  static GatewayCharge details(String merchantPaymentId, JsonNode data) {
    JsonNode amount = data.path("amount");
    long value = GatewayHttp.amount(NAME, amount, "amount");
    String currency = GatewayHttp.text(amount, "currency");
    long refunded = refunded(data);
    String status = String.valueOf(GatewayHttp.text(data, "status"));
    boolean accepted = data.hasNonNull("acceptedAt");
    return switch (status) {
      case "COMPLETED", "REFUNDED" ->
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              merchantPaymentId,
              value,
              currency,
              null,
              null,
              null,
              null,
              refunded);
      case "CREATED", "AUTHORIZED", "REAUTHORIZING" ->
          new GatewayCharge(
              ChargeStatus.AWAITING_PAYMENT,
              merchantPaymentId,
              value,
              currency,
              null,
              null,
              null,
              null);
      case "FAILED", "CANCELED", "EXPIRED" ->
          accepted
              // Paid (acceptedAt is when it completed), then cancelled: PayPay gave it all back.
              ? new GatewayCharge(
                  ChargeStatus.SUCCEEDED,
                  merchantPaymentId,
                  value,
                  currency,
                  null,
                  null,
                  null,
                  null,
                  value)
              : GatewayCharge.declined(
                  merchantPaymentId,
                  value,
                  currency,
                  status.toLowerCase(Locale.ROOT),
                  "PayPay payment " + status);
      // A status we do not know says nothing about the money: never read as "not paid".
      default -> throw new UnheardWord(NAME, "payment status", status);
    };
  }

  /** All the payment's refunds PayPay took, made (REFUNDED) or on their way (CREATED). */
  private static long refunded(JsonNode payment) {
    long total = 0;
    for (JsonNode refund : payment.path("refunds").path("data")) {
      String status = GatewayHttp.text(refund, "status");
      if ("CREATED".equals(status) || "REFUNDED".equals(status)) {
        total += GatewayHttp.amount(NAME, refund.path("amount"), "amount");
      }
    }
    return total;
  }

  /** Whether the payment read before the refund shows this refund already (a repeat). */
  private static boolean names(JsonNode payment, String merchantRefundId) {
    for (JsonNode refund : payment.path("refunds").path("data")) {
      if (merchantRefundId.equals(GatewayHttp.text(refund, "merchantRefundId"))) {
        return true;
      }
    }
    return false;
  }

  private String sign(String method, String path, String body) {
    return auth.header(
        method, basePath + path, body == null ? null : MediaType.APPLICATION_JSON, body);
  }

  private static Answer call(Supplier<jakarta.ws.rs.core.Response> request) {
    return GatewayHttp.call(NAME, request);
  }

  /** A refusal that is about our call (401, 403, 404) says nothing of the payment. */
  private static RuntimeException refused(Answer answer) {
    String code = PayPayCode.code(answer.body());
    GatewayHttp.requireAccepted(NAME, answer, code);
    return new GatewayRejected(NAME, String.valueOf(code));
  }

  private static String json(ObjectNode node) {
    try {
      return Json.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tree of strings and numbers always serializes", e);
    }
  }

  private static String truncate(String text, int length) {
    return text.length() <= length ? text : text.substring(0, length);
  }
}

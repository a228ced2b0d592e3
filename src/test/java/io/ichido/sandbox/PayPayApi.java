package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PayPay's Open Payment API for web payments (Dynamic QR, {@code codeType} {@code ORDER_QR}), in
 * its {@code {"resultInfo":{"code","message","codeId"},"data":...}} envelope, every request
 * authenticated by {@link PayPayAuth}. The customer pays at the code's {@code url} ({@link
 * PayPayCashierPage}); the payment is known by its {@code merchantPaymentId}, which is also its id
 * in the ledger. Refunds are in {@link PayPayRefunds}.
 *
 * <p>Pessimistic where PayPay's own material leaves room (see {@code
 * docs/gateway-wire-formats.md}): a second create with a {@code merchantPaymentId} is refused
 * ({@code DUPLICATE_DYNAMIC_QR_REQUEST}) whatever its body and even while the first is processed,
 * though PayPay's OpenAPI document also says "the previous result is returned" (unconfirmed which
 * holds); details read {@code CREATED} for a while after the customer paid ({@code details-lag},
 * for every payment or for one order's, the order being the one its {@code orderDescription}
 * names); an unknown payment's details are 400 {@code DYNAMIC_QR_PAYMENT_NOT_FOUND} (PayPay's path
 * also lists a 404). Codes do not lapse by themselves ({@code expiryDate} is five minutes on, a
 * lifetime no source states): the control API expires them, and their payments still read {@code
 * CREATED}, as a cancel received before payment leaves them.
 */
final class PayPayApi implements Gateway {

  static final String NAME = "paypay";
  static final String PREFIX = "/" + NAME;
  private static final String CODES = "/v2/codes";
  private static final String DETAILS = CODES + "/payments/";
  private static final String PAYMENTS = "/v2/payments/";
  private static final String REFUNDS = "/v2/refunds";
  private static final String ID = "[A-Za-z0-9_-]{1,64}";
  private static final long EXPIRY_SECONDS = 300;

  private final Ledger ledger;
  private final SandboxUrls urls;
  private final PayPayAuth auth;
  private final Set<String> claimed = ConcurrentHashMap.newKeySet();
  private final ConcurrentHashMap<String, PayPayPayment> byId = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, PayPayPayment> byCode = new ConcurrentHashMap<>();
  private final PayPayRefunds refunds;
  private volatile long detailsLagMillis;

  /** Per order, a details lag of its own, which wins over {@link #detailsLagMillis}. */
  private final ConcurrentHashMap<String, Long> detailsLagByOrder = new ConcurrentHashMap<>();

  PayPayApi(Ledger ledger, SandboxUrls urls) {
    this.ledger = ledger;
    this.urls = urls;
    this.auth = new PayPayAuth(SandboxConfig.PAYPAY_API_KEY, SandboxConfig.PAYPAY_API_SECRET);
    this.refunds = new PayPayRefunds(ledger, this::byPaymentId, this::lagMillis);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String matchKey(SandboxRequest request) {
    if (request.is("POST", CODES) || request.is("POST", REFUNDS)) {
      String field = request.path().equals(CODES) ? "merchantPaymentId" : "merchantRefundId";
      return Json.text(Json.parse(request.body()), field);
    }
    return request.path().substring(request.path().lastIndexOf('/') + 1);
  }

  /**
   * A create: its {@code orderDescription}, {@code Order <id>}. A refund: the payment its {@code
   * paymentId} names. Details and a cancel: the payment of the {@code merchantPaymentId} in the
   * path; deleting a code: the code's payment; a refund's lookup: the refund's payment.
   */
  @Override
  public Optional<String> orderOf(SandboxRequest request) {
    if (request.is("POST", CODES)) {
      return OrderIds.ofDescription(Json.text(Json.parse(request.body()), "orderDescription"));
    }
    if (request.is("POST", REFUNDS)) {
      String paymentId = Json.text(Json.parse(request.body()), "paymentId");
      return paymentId == null
          ? Optional.empty()
          : byPaymentId(paymentId).flatMap(PayPayPayment::order);
    }
    String id = request.idAfter("GET", DETAILS);
    if (id == null) {
      id = request.idAfter("DELETE", PAYMENTS);
    }
    if (id != null) {
      return orderOfPayment(id);
    }
    String code = request.idAfter("DELETE", CODES + "/");
    if (code != null) {
      return byCode(code).flatMap(PayPayPayment::order);
    }
    String refund = request.idAfter("GET", REFUNDS + "/");
    return refund == null
        ? Optional.empty()
        : refunds.payment(refund).flatMap(PayPayPayment::order);
  }

  /** By its {@code merchantPaymentId}, the ledger's id. */
  @Override
  public Optional<String> orderOfPayment(String merchantPaymentId) {
    return payment(merchantPaymentId).flatMap(PayPayPayment::order);
  }

  @Override
  public SandboxResponse handle(SandboxRequest request) {
    if (!auth.accepts(
        request.header("Authorization"),
        PREFIX + request.path(),
        request.method(),
        request.header("Content-Type"),
        request.body(),
        Instant.now().getEpochSecond())) {
      return failure(401);
    }
    if (request.is("POST", CODES)) {
      return create(Json.parse(request.body()));
    }
    if (request.is("POST", REFUNDS)) {
      return refunds.create(Json.parse(request.body()));
    }
    String detailed = request.idAfter("GET", DETAILS);
    if (detailed != null) {
      return payment(detailed)
          .map(payment -> PayPayResult.SUCCESS.answer(payment.details(true)))
          .orElseGet(() -> PayPayResult.DYNAMIC_QR_PAYMENT_NOT_FOUND.answer(null));
    }
    String cancelled = request.idAfter("DELETE", PAYMENTS);
    if (cancelled != null) {
      return cancel(cancelled);
    }
    String code = request.idAfter("DELETE", CODES + "/");
    if (code != null) {
      return deleteCode(code);
    }
    String refund = request.idAfter("GET", REFUNDS + "/");
    if (refund != null) {
      return refunds.find(refund, request.queryParameters().get("paymentId"));
    }
    return PayPayResult.RESOURCE_NOT_FOUND.answer(null);
  }

  @Override
  public boolean answersWithPayment(SandboxRequest request) {
    return request.is("POST", CODES) || request.idAfter("GET", DETAILS) != null;
  }

  /** PayPay's payment is {@code data}, its money {@code data.amount.{amount,currency}}. */
  @Override
  public SandboxResponse altered(SandboxResponse response, FaultMode mode) {
    return AlteredAnswers.jsonAt(
        response, mode, mode == FaultMode.ALTER_STATUS ? "/data" : "/data/amount");
  }

  /** The payment as it truly is, not as the lagging details show it: what a webhook tells. */
  @Override
  public Optional<ObjectNode> find(String id) {
    return payment(id).map(payment -> payment.details(false));
  }

  Optional<PayPayPayment> payment(String merchantPaymentId) {
    return Optional.ofNullable(byId.get(merchantPaymentId));
  }

  Optional<PayPayPayment> byCode(String codeId) {
    return Optional.ofNullable(byCode.get(codeId));
  }

  private Optional<PayPayPayment> byPaymentId(String paymentId) {
    return byId.values().stream().filter(p -> paymentId.equals(p.paymentId())).findFirst();
  }

  private SandboxResponse create(JsonNode body) {
    if (!validOrder(body)) {
      return PayPayResult.INVALID_PARAMS.answer(null);
    }
    String id = body.get("merchantPaymentId").asText();
    if (!claimed.add(id)) {
      return PayPayResult.DUPLICATE_DYNAMIC_QR_REQUEST.answer(null);
    }
    // A slow create holds its id claimed, and its details unknown, meanwhile.
    SlowProcessing.now();
    long amount = body.at("/amount/amount").asLong();
    long now = Instant.now().getEpochSecond();
    String codeId = Ids.alphanumeric("04-", 16);
    String url = urls.payPayCashier(codeId);
    ObjectNode data = Json.object().put("codeId", codeId).put("url", url);
    data.put(
        "deeplink", "paypay://payment?link_key=" + URLEncoder.encode(url, StandardCharsets.UTF_8));
    data.put("expiryDate", now + EXPIRY_SECONDS).put("merchantPaymentId", id);
    data.set("amount", PayPayPayment.money(amount));
    data.put("orderDescription", Json.text(body, "orderDescription"));
    data.put("codeType", "ORDER_QR");
    data.put(
        "requestedAt",
        body.path("requestedAt").canConvertToLong() ? body.get("requestedAt").asLong() : now);
    data.put("redirectUrl", Json.text(body, "redirectUrl"));
    data.put("redirectType", Json.text(body, "redirectType"));
    PayPayPayment payment = new PayPayPayment(data);
    ledger.record(LedgerEntry.created(NAME, id, id, id, amount, "JPY", NAME, LedgerStatus.PENDING));
    byCode.put(codeId, payment);
    byId.put(id, payment);
    return PayPayResult.CREATED.answer(data);
  }

  private static boolean validOrder(JsonNode body) {
    if (body == null || !body.isObject()) {
      return false;
    }
    JsonNode amount = body.path("amount");
    String description = Json.text(body, "orderDescription");
    String redirectType = Json.text(body, "redirectType");
    return body.path("merchantPaymentId").asText("").matches(ID)
        && amount.path("amount").isIntegralNumber()
        && amount.path("amount").asLong() > 0
        && amount.path("amount").asLong() <= 99_999_999_999L
        && "JPY".equals(Json.text(amount, "currency"))
        && "ORDER_QR".equals(Json.text(body, "codeType"))
        && (description == null || description.length() <= 255)
        && (redirectType == null || Set.of("WEB_LINK", "APP_DEEP_LINK").contains(redirectType));
  }

  /**
   * {@code DELETE /v2/payments/{id}}, 202 with no webhook, as PayPay sends none for a cancel. A
   * paid payment is reversed, its money given back in full. One not paid yet is only received, as
   * at PayPay: "If Cancel a payment is executed for merchantPaymentId before payment, Cancel
   * processing will be performed immediately after payment is completed and the status will be
   * FAILED. (If you want to disable "Create a code" immediately, use "Delete a code".)"
   * (integration.paypay.ne.jp article 4414069180943). Its code stays payable and its details read
   * {@code CREATED}; paid, it reads {@code COMPLETED}, then is reversed ({@link #paid}).
   */
  private SandboxResponse cancel(String id) {
    PayPayPayment payment = byId.get(id);
    if (payment == null) {
      return PayPayResult.DYNAMIC_QR_PAYMENT_NOT_FOUND.answer(null);
    }
    if (payment.receiveCancel()) {
      return PayPayResult.REQUEST_ACCEPTED.answer(null);
    }
    reverse(payment);
    return payment.status().equals(PayPayPayment.FAILED)
        ? PayPayResult.REQUEST_ACCEPTED.answer(null)
        : PayPayResult.ORDER_NOT_REVERSIBLE.answer(null);
  }

  /** Gives all the money of a completed payment back: it then reads {@code FAILED}. */
  private void reverse(PayPayPayment payment) {
    if (!payment.status().equals(PayPayPayment.COMPLETED)) {
      return;
    }
    try {
      ledger.refund(
          NAME,
          payment.merchantPaymentId(),
          null,
          (entry, refund) -> payment.move(PayPayPayment.COMPLETED, PayPayPayment.FAILED));
    } catch (IllegalArgumentException nothingLeft) {
      // Refunded in full or reversed meanwhile: the status says which.
    }
  }

  /**
   * {@code DELETE /v2/codes/{codeId}} ("Delete a Code", paypayopa-sdk-java {@code
   * PaymentApi.deleteQRCode}, which answers a {@code NotDataResponse}): 200 {@code SUCCESS}, {@code
   * data} null. The code can no longer be paid, so the ledger says cancelled; its payment still
   * reads {@code CREATED}, as an expired code's does.
   */
  private SandboxResponse deleteCode(String codeId) {
    PayPayPayment payment = byCode.get(codeId);
    if (payment == null) {
      return PayPayResult.DYNAMIC_QR_NOT_FOUND.answer(null);
    }
    if (!payment.deleteCode()) {
      return PayPayResult.DYNAMIC_QR_ALREADY_PAID.answer(null);
    }
    ledger.update(NAME, payment.merchantPaymentId(), LedgerStatus.CANCELLED);
    return PayPayResult.SUCCESS.answer(null);
  }

  /**
   * Completed: the customer paid at the code's page (or through the control API). Expired: the code
   * passed its {@code expiryDate} unpaid and can no longer be paid; the payment still reads {@code
   * CREATED} (integration.paypay.ne.jp article 4414093922831), the ledger says expired.
   */
  @Override
  public Settlement.Outcome settle(String id, Settlement settlement) {
    PayPayPayment payment = byId.get(id);
    if (payment == null) {
      return Settlement.Outcome.UNKNOWN_PAYMENT;
    }
    if (settlement == Settlement.EXPIRE) {
      if (!payment.expireCode()) {
        return Settlement.Outcome.NOT_PENDING;
      }
      ledger.update(NAME, id, settlement.ledgerStatus());
      return Settlement.Outcome.SETTLED;
    }
    return paid(payment, payment.complete(lagMillis(payment)));
  }

  /** A waiting payment is paid, its code expired or not; one whose code was deleted never. */
  @Override
  public Settlement.Outcome succeedLate(String id) {
    PayPayPayment payment = byId.get(id);
    if (payment == null) {
      return Settlement.Outcome.UNKNOWN_PAYMENT;
    }
    return paid(payment, payment.completeLate(lagMillis(payment)));
  }

  /**
   * The ledger learns of a payment just made ({@code moved}), and its webhook goes out, {@code
   * COMPLETED}; a payment whose cancel came first is then reversed, as PayPay does (article
   * 4414069180943), and reads {@code FAILED}.
   */
  private Settlement.Outcome paid(PayPayPayment payment, boolean moved) {
    if (!moved) {
      return Settlement.Outcome.NOT_PENDING;
    }
    ledger.update(NAME, payment.merchantPaymentId(), LedgerStatus.PAID);
    if (payment.reversesOnPayment()) {
      reverse(payment);
    }
    return Settlement.Outcome.SETTLED;
  }

  /** A refund through the control API, listed like one through {@code POST /v2/refunds}. */
  @Override
  public void refunded(String id, long refund, LedgerEntry entry) {
    PayPayPayment payment = byId.get(id);
    refunds.show(payment, Ids.alphanumeric("sandbox-refund-", 16), refund, null, entry);
  }

  @Override
  public boolean canBePaidBeforeAnswer(SandboxRequest request) {
    return request.is("POST", CODES);
  }

  /** The customer pays the payment a create made, before its answer leaves. */
  @Override
  public void payBeforeAnswer(SandboxResponse answer) {
    JsonNode body = Json.parse(answer.body());
    String id = body == null ? null : Json.text(body.path("data"), "merchantPaymentId");
    if (answer.status() == 201 && id != null) {
      settle(id, Settlement.COMPLETE);
    }
  }

  @Override
  public void detailsLag(long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    detailsLagMillis = millis;
  }

  /** An order's own lag; 0 forgets it, so PayPay's lag for every payment applies again. */
  @Override
  public void detailsLag(String order, long millis) {
    if (millis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    if (millis == 0) {
      detailsLagByOrder.remove(order);
    } else {
      detailsLagByOrder.put(order, millis);
    }
  }

  /** How long the payment's details lag behind it now: its order's lag, else PayPay's. */
  private long lagMillis(PayPayPayment payment) {
    return payment.order().map(detailsLagByOrder::get).orElse(detailsLagMillis);
  }

  @Override
  public SandboxResponse failure(int status) {
    PayPayResult result =
        switch (status) {
          case 401 -> PayPayResult.UNAUTHORIZED;
          case 403 -> PayPayResult.OP_OUT_OF_SCOPE;
          case 429 -> PayPayResult.RATE_LIMIT;
          case 503 -> PayPayResult.MAINTENANCE_MODE;
          default -> PayPayResult.INTERNAL_SERVER_ERROR;
        };
    return result.answer(status, null);
  }

  @Override
  public void reset() {
    claimed.clear();
    byId.clear();
    byCode.clear();
    refunds.clear();
    detailsLagMillis = 0;
    detailsLagByOrder.clear();
  }
}

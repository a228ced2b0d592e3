package io.ichido.payments.gateway.twoc2p;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.control.GatewayHttp.TextAnswer;
import io.ichido.payments.control.GatewayRefundAnswer;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.ListedRefunds;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.control.UnheardWord;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.Gateway;
import io.ichido.payments.gateway.twoc2p.TwoC2pCode.Meaning;
import io.ichido.platform.control.Json;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * 2C2P PGW v4.3 over MicroProfile Rest Client, payloads as HS256 JWTs signed with the merchant
 * secret. The invoice number ({@code ORDER-<id>}) is 2C2P's idempotency: the same invoice is never
 * charged twice. The outcome is always read back with a payment inquiry.
 */
@ApplicationScoped
@Gateway(
    value = TwoC2pGateway.NAME,
    listed = 4,
    requires = "merchant-id",
    signsWebhooksWithSecretKey = true)
public class TwoC2pGateway implements PaymentGateway {

  static final String NAME = "2c2p";

  @Inject GatewaySettings settings;

  private static final Logger LOG = Logger.getLogger(TwoC2pGateway.class.getName());

  /** The version of 2C2P's own refund sample (developer.2c2p.com, payment-maintenance-refund). */
  private static final String MAINTENANCE_VERSION = "3.8";

  /**
   * Payment Token's {@code request3DS} ("Specify enable/disable 3ds authentication"): asked for
   * always, so that whether a card is authenticated never changes silently with the merchant's 2C2P
   * configuration.
   */
  static final String REQUEST_3DS = "Y";

  // Set by connect(); package-private so that a test can give the adapter a client of its own.
  TwoC2pApi pgw;
  Algorithm hs256;
  String merchantId;

  /** Null unless its URL and both keys are configured: then refunds go to the merchant portal. */
  private TwoC2pMaintenanceApi maintenance;

  private PrivateKey merchantKey;
  private PublicKey gatewayKey;

  @PostConstruct
  void connect() {
    pgw = GatewayHttp.client(TwoC2pApi.class, settings.baseUrl(NAME), settings);
    hs256 = Algorithm.HMAC256(settings.secretKey(NAME));
    merchantId = settings.value(NAME, "merchant-id");
    Optional<String> url = settings.optional(NAME, "maintenance-url");
    Optional<String> ours = settings.optional(NAME, "merchant-private-key");
    Optional<String> theirs = settings.optional(NAME, "public-key");
    if (url.isEmpty() || ours.isEmpty() || theirs.isEmpty()) {
      return;
    }
    try {
      merchantKey = TwoC2pJose.privateKey(ours.get());
      gatewayKey = TwoC2pJose.publicKey(theirs.get());
    } catch (GeneralSecurityException unreadable) {
      // Never the value: a key is a secret. Refunds then go to the merchant portal.
      LOG.log(
          Level.SEVERE,
          "2C2P refunds are off: ichido.gateway.2c2p.merchant-private-key (PKCS#8) or"
              + " ichido.gateway.2c2p.public-key (X.509) is not an RSA key ({0})",
          unreadable.getClass().getSimpleName());
      return;
    }
    maintenance = GatewayHttp.client(TwoC2pMaintenanceApi.class, url.get(), settings);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(PaymentMethod.CARD);
  }

  /**
   * Payment Token, Do Payment, then the inquiry for the result. A retried charge meets its own
   * invoice: 2C2P answers the second Payment Token 9015 (existing invoice), and the inquiry tells
   * what the first one did. Only a Payment Token refused for its content is a rejection: before it
   * nothing was paid, after it only the inquiry can say.
   */
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
    // Official but with undocumented semantics: sent, never relied on (the invoice is the key).
    tokenRequest.put("idempotencyID", command.gatewayKey());
    tokenRequest.put("request3DS", REQUEST_3DS);
    if (command.returnUrl() != null) {
      tokenRequest.put("frontendReturnUrl", command.returnUrl());
    }
    JsonNode token;
    try {
      token = signedOrRefused(() -> pgw.paymentToken(sign(tokenRequest)));
    } catch (GatewayRejected refused) {
      // An unexpected 4xx, or an answer whose JWT does not verify: this request made no payment
      // (it has no token to pay with), but an earlier send of it may have.
      return earlierOrRefused(command, refused.code());
    }
    TwoC2pCode tokenCode = TwoC2pCode.of(GatewayHttp.text(token, "respCode"));
    if (tokenCode.meaning() == Meaning.DUPLICATE_INVOICE) {
      return inquire(command.reference());
    }
    if (tokenCode.meaning() != Meaning.SUCCESS) {
      // A refused Payment Token speaks of this request, not of an earlier one under the same
      // invoice (a resend, refused for our signature or merchant): the invoice itself is asked.
      return earlierOrRefused(command, "paymentToken " + tokenCode.code());
    }

    ObjectNode payment = Json.MAPPER.createObjectNode();
    payment.put("paymentToken", GatewayHttp.text(token, "paymentToken"));
    ObjectNode details = payment.putObject("payment");
    details.putObject("code").put("channelCode", "CC");
    details.putObject("data").put("securePayToken", command.token());
    Answer paid = GatewayHttp.call(NAME, () -> pgw.payment(json(payment)));
    TwoC2pCode paidCode = TwoC2pCode.of(GatewayHttp.text(paid.body(), "respCode"));
    String redirect = GatewayHttp.text(paid.body(), "data");
    if (paid.ok() && paidCode.meaning() == Meaning.REDIRECT && redirect != null) {
      return new GatewayCharge(
          ChargeStatus.REQUIRES_ACTION,
          command.reference(),
          command.amount(),
          command.currency(),
          // Kept with the attempt: a repeated request, or the return page, can send the customer
          // on.
          Map.of("authorize_uri", redirect),
          redirect,
          null,
          null);
    }
    // Completed, declined, refused or garbled: whatever Do Payment said, the inquiry decides.
    return inquire(command.reference());
  }

  /**
   * The Payment Token step refused this request: what 2C2P holds for the invoice, if anything. A
   * first send made nothing, so nothing found is its refusal; a resend's earlier send may have paid
   * and may still be in flight, so nothing found yet is no statement: it stays in doubt, for the
   * lookup that is believed only once its time has come.
   */
  private GatewayCharge earlierOrRefused(ChargeCommand command, String code) {
    Optional<GatewayCharge> earlier = inquiry(command.reference());
    if (earlier.isPresent()) {
      return earlier.get();
    }
    if (command.resent()) {
      throw new GatewayUnavailable(
          NAME, code + " on a resend; invoice " + command.reference() + " not found yet", null);
    }
    throw new GatewayRejected(NAME, code);
  }

  /**
   * Asked only for a charge waiting on 3-D Secure (the customer's return): pending or in progress
   * means the customer has not finished, so the charge still requires action.
   */
  @Override
  public GatewayCharge retrieve(String invoiceNo) {
    return inquiry(invoiceNo, true).orElseThrow(() -> stillUnknown("2002", "not found"));
  }

  @Override
  public boolean looksUp() {
    return true;
  }

  /**
   * The invoice number is our reference: the inquiry is the lookup. It is asked only after the
   * resend window, when the invoice's payment token has expired: a payment still pending then is
   * one whose customer never finished (a 3-D Secure page nobody opened), which the abandonment
   * sweep ends, not a charge in doubt.
   */
  @Override
  public Optional<GatewayCharge> lookup(String reference, long orderId) {
    return inquiry(reference, true);
  }

  /** 2C2P knows a payment by our invoice number: it is the id every later call names. */
  @Override
  public boolean namesChargesByOurReference() {
    return true;
  }

  /**
   * By the Payment Maintenance API, once its URL and both keys are configured. 2C2P documents
   * partial refunds (several, up to what was settled) and no refund in part it refuses by type
   * beyond its code 43, so none is refused here before sending.
   */
  @Override
  public boolean refunds() {
    return maintenance != null;
  }

  /**
   * {@code processType} R for {@code actionAmount} of the invoice. 2C2P documents no idempotency
   * key for it, nor any field of ours it keeps with the refund (its parameters are {@code version},
   * {@code merchantID}, {@code invoiceNo}, {@code actionAmount}, {@code processType} and {@code
   * notifyURL}): the same request twice refunds twice, bounded by what is left, so a refund is sent
   * again only after {@link #refundsOf} showed it not made ({@code refund-key-honoured=false}). A
   * refund pending (42) is in doubt until the refund status inquiry lists it refunded.
   */
  @Override
  public GatewayRefundAnswer refund(RefundCommand command) {
    Map<String, String> request = new LinkedHashMap<>();
    request.put("version", MAINTENANCE_VERSION);
    request.put("merchantID", merchantId);
    request.put("invoiceNo", command.chargeId());
    request.put("actionAmount", decimals(command.amount()));
    request.put("processType", "R");
    TwoC2pXml.Message answer = action(request);
    String code = answer.field("respCode");
    if ("42".equals(code)) {
      throw new GatewayUnavailable(NAME, "refund pending (42)", null);
    }
    if (!"00".equals(code)) {
      throw new GatewayRejected(NAME, "refund " + code);
    }
    // 2C2P's answer says what this refund gave back, not the invoice's total so far.
    return new GatewayRefundAnswer(answer.field("refundReferenceNo"), command.amount());
  }

  /**
   * The invoice's refunds as the refund status inquiry (RS) lists them ({@code <refund amount
   * status referenceNo dateTime/>} each), every one {@code RF} (refunded); a refund in any other
   * state leaves the question open, never read as not made. 2C2P keeps nothing of ours with a
   * refund, so none is named ours. The inquiry needs the invoice's amount, read first from the
   * payment inquiry.
   */
  @Override
  public ListedRefunds refundsOf(RefundCommand command) {
    String invoiceNo = command.chargeId();
    GatewayCharge paid = inquire(invoiceNo);
    Map<String, String> request = new LinkedHashMap<>();
    request.put("version", MAINTENANCE_VERSION);
    request.put("merchantID", merchantId);
    request.put("invoiceNo", invoiceNo);
    request.put("actionAmount", decimals(paid.amount()));
    request.put("processType", "RS");
    TwoC2pXml.Message answer = action(request);
    if (!"00".equals(answer.field("respCode"))) {
      throw new GatewayUnavailable(
          NAME, "refund status answered " + answer.field("respCode"), null);
    }
    List<ListedRefunds.Listed> refunds = new ArrayList<>();
    for (Map<String, String> refund : answer.refunds()) {
      if (!"RF".equals(refund.get("status"))) {
        throw new GatewayUnavailable(NAME, "a refund is " + refund.get("status"), null);
      }
      refunds.add(
          new ListedRefunds.Listed(
              refund.get("referenceNo"),
              amountOf(refund.get("amount")),
              ListedRefunds.Whose.UNTOLD));
    }
    return new ListedRefunds(refunds);
  }

  /**
   * Sends one sealed request and opens the answer. An answer that does not open (not 2C2P's
   * signature, not for our key, not a token at all) says nothing of the request: in doubt.
   */
  private TwoC2pXml.Message action(Map<String, String> request) {
    String sealed =
        TwoC2pJose.seal(TwoC2pXml.write("PaymentProcessRequest", request), merchantKey, gatewayKey);
    TextAnswer answer = GatewayHttp.callForText(NAME, () -> maintenance.action(sealed));
    GatewayHttp.requireAccepted(NAME, new Answer(answer.status(), null), "HTTP");
    try {
      TwoC2pXml.Message message =
          TwoC2pXml.read(TwoC2pJose.open(answer.body(), gatewayKey, merchantKey));
      if (!"PaymentProcessResponse".equals(message.root())
          || !request.get("invoiceNo").equals(message.field("invoiceNo"))
              && message.field("invoiceNo") != null) {
        throw new GatewayUnavailable(NAME, "answer about another request", null);
      }
      return message;
    } catch (GeneralSecurityException | IllegalArgumentException unopened) {
      throw new GatewayUnavailable(
          NAME, "Payment Maintenance answer not opened, HTTP " + answer.status(), unopened);
    }
  }

  /** 2C2P writes amounts with two decimals, the yen included. */
  private static String decimals(long yen) {
    return BigDecimal.valueOf(yen).setScale(2).toPlainString();
  }

  private static long amountOf(String decimals) {
    try {
      return new BigDecimal(decimals).longValueExact();
    } catch (NullPointerException | NumberFormatException | ArithmeticException garbled) {
      throw new GatewayUnavailable(NAME, "refund amount unreadable", null);
    }
  }

  private GatewayCharge inquire(String invoiceNo) {
    return inquiry(invoiceNo).orElseThrow(() -> stillUnknown("2002", "not found"));
  }

  private Optional<GatewayCharge> inquiry(String invoiceNo) {
    return inquiry(invoiceNo, false);
  }

  /**
   * The inquiry's verdict: empty when 2C2P has no payment for the invoice; an exception when it
   * cannot say yet (pending, in progress, an answer we do not know, an answer about another
   * invoice), so the attempt stays in doubt. Only for a charge known to wait on the customer
   * ({@code awaitingCustomer}) do pending and in progress mean what they say: still waiting.
   */
  private Optional<GatewayCharge> inquiry(String invoiceNo, boolean awaitingCustomer) {
    Map<String, Object> inquiry = new LinkedHashMap<>();
    inquiry.put("merchantID", merchantId);
    inquiry.put("invoiceNo", invoiceNo);
    inquiry.put("locale", "en");
    JsonNode result;
    try {
      result = signed(() -> pgw.paymentInquiry(sign(inquiry)));
    } catch (GatewayRejected refused) {
      // An inquiry refused tells nothing about the payment: never a rejection of the charge.
      throw new GatewayUnavailable(NAME, "inquiry refused: " + refused.code(), refused);
    }
    TwoC2pCode code = TwoC2pCode.of(GatewayHttp.text(result, "respCode"));
    String about = GatewayHttp.text(result, "invoiceNo");
    if (about != null && !invoiceNo.equals(about)) {
      // Signed by 2C2P, but about another invoice: no word about ours, not even "not found".
      throw new GatewayUnavailable(NAME, "inquiry answered about another invoice", null);
    }
    if (code.meaning() == Meaning.NOT_FOUND) {
      return Optional.empty();
    }
    String currency = GatewayHttp.text(result, "currencyCode");
    long amount = smallestUnit(result.path("amount"), currency);
    if (code.meaning().paid()) {
      Map<String, Object> reference = new LinkedHashMap<>();
      reference.put("tranRef", GatewayHttp.text(result, "tranRef"));
      reference.put("approvalCode", GatewayHttp.text(result, "approvalCode"));
      // Refunded (4120) and charged back (4130): the payment was taken, and its money has gone
      // back since, all of it (the inquiry names no part): never a payment that stands. A
      // chargeback's money is the customer's bank's doing, not a refund (see TwoC2pWebhooks).
      return Optional.of(
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              invoiceNo,
              amount,
              currency,
              reference,
              null,
              null,
              null,
              code.meaning() == Meaning.REFUNDED ? amount : 0,
              null,
              code.meaning() == Meaning.CHARGEBACK ? amount : 0));
    }
    if (code.meaning().declined()) {
      return Optional.of(
          GatewayCharge.declined(
              invoiceNo, amount, currency, code.code(), GatewayHttp.text(result, "respDesc")));
    }
    if (awaitingCustomer
        && (code.meaning() == Meaning.PENDING || code.meaning() == Meaning.IN_PROGRESS)) {
      return Optional.of(
          new GatewayCharge(
              ChargeStatus.REQUIRES_ACTION, invoiceNo, amount, currency, null, null, null, null));
    }
    // Pending, in progress or unknown for a charge sent blind: never guessed, it stays in doubt.
    throw stillUnknown(code.code(), code.meaning().name());
  }

  /**
   * The inquiry's amount in the currency's smallest unit, exactly: 2C2P writes {@code 5672.00} for
   * ¥5,672. An amount with more decimals than the currency has, or none at all, is a word we do not
   * know, never rounded.
   */
  private static long smallestUnit(JsonNode amount, String currency) {
    try {
      int digits =
          currency == null
              ? 0
              : Math.max(java.util.Currency.getInstance(currency).getDefaultFractionDigits(), 0);
      return amount.decimalValue().movePointRight(digits).stripTrailingZeros().longValueExact();
    } catch (IllegalArgumentException | ArithmeticException unreadable) {
      throw new UnheardWord(NAME, "inquiry amount", amount.asText() + " " + currency);
    }
  }

  private static GatewayUnavailable stillUnknown(String code, String meaning) {
    return new GatewayUnavailable(NAME, "inquiry answered " + code + " (" + meaning + ")", null);
  }

  private String sign(Map<String, Object> claims) {
    return json(
        Json.MAPPER
            .createObjectNode()
            .put("payload", JWT.create().withPayload(claims).sign(hs256)));
  }

  /**
   * Like {@link #signed}, but a refusal comes back as it is: 2C2P refuses unsigned (HTTP 200 and a
   * bare {@code respCode}, such as 9015 for an invoice used before). Trusting an unsigned refusal
   * costs nothing: it only ever leads to a signed inquiry, or to a charge not made.
   */
  private JsonNode signedOrRefused(java.util.function.Supplier<jakarta.ws.rs.core.Response> call) {
    Answer answer = GatewayHttp.call(NAME, call);
    GatewayHttp.requireAccepted(NAME, answer, GatewayHttp.text(answer.body(), "respCode"));
    if (answer.ok()
        && GatewayHttp.text(answer.body(), "payload") == null
        && GatewayHttp.text(answer.body(), "respCode") != null) {
      return answer.body();
    }
    return opened(answer);
  }

  /** Calls, then verifies and opens the JWT answer; a forged or garbled answer is not trusted. */
  private JsonNode signed(java.util.function.Supplier<jakarta.ws.rs.core.Response> request) {
    return opened(GatewayHttp.call(NAME, request));
  }

  private JsonNode opened(Answer answer) {
    GatewayHttp.requireAccepted(NAME, answer, GatewayHttp.text(answer.body(), "respCode"));
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

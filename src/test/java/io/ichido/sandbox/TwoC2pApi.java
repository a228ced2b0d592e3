package io.ichido.sandbox;

import com.auth0.jwt.exceptions.JWTVerificationException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.gateway.twoc2p.TwoC2pCode;
import io.ichido.payments.gateway.twoc2p.TwoC2pJose;
import io.ichido.payments.gateway.twoc2p.TwoC2pXml;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * 2C2P PGW v4.3: payment token, Do Payment, payment inquiry. The invoice number is the idempotency
 * key: one invoice has one payment token, and a second Payment Token for it is refused with 9015
 * (existing invoice number, 2C2P's documented answer), so a client that lost the first answer must
 * ask the inquiry. An invoice is charged by its first Do Payment only. Errors answer HTTP 200 with
 * an unsigned respCode, as 2C2P does; codes and their texts come from {@link TwoC2pCode}.
 */
final class TwoC2pApi implements Gateway {

  static final String NAME = "2c2p";
  private static final Logger LOG = Logger.getLogger(TwoC2pApi.class.getName());
  private static final String TOKEN = "/payment/4.3/paymentToken";
  private static final String PAYMENT = "/payment/4.3/payment";
  private static final String INQUIRY = "/payment/4.3/paymentInquiry";

  /** The Payment Maintenance API, on its own host at 2C2P (demo2.2c2p.com/2C2PFrontend). */
  static final String MAINTENANCE = "/PaymentAction/2.0/action";

  private static final String DECLINING_CARD = "decline";

  /** Cards that ask for 3-D Secure: the first passes it and is charged, the second is declined. */
  private static final String SECURE_CARD = "3ds";

  private static final String SECURE_DECLINING_CARD = "3ds_decline";

  /**
   * A card whose issuer approves half the amount: 2C2P's 4010 "Partial amount approved", an
   * approval that is not its success (0000). What the inquiry then shows as the amount no page
   * says; the sandbox shows what was approved, which is what its ledger took.
   */
  private static final String PARTIAL_CARD = "partial";

  private final Ledger ledger;
  private final SandboxUrls urls;
  private final Hs256 jwt;
  private final PrivateKey ownKey;
  private final PublicKey merchantKey;
  private final ConcurrentHashMap<String, Invoice> invoices = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Invoice> byToken = new ConcurrentHashMap<>();

  /**
   * The charged invoices by {@code tranRef}: found without taking any other invoice's lock, which
   * the ledger's callbacks ({@link #refunded}, {@link #chargedBack}) must not, holding the ledger's
   * while a charge holds its invoice's and waits for the ledger's.
   */
  private final ConcurrentHashMap<String, Invoice> charged = new ConcurrentHashMap<>();

  /** One invoice; guarded by itself. {@code tranRef} is set by its one charge. */
  private static final class Invoice {
    private final String merchantId;
    private final String invoiceNo;
    private final BigDecimal amount;
    private final String currency;
    private final String paymentToken;
    private final String returnUrl;

    /** Payment Token's {@code request3DS}: {@code N} skips 3-D Secure; absent, the card decides. */
    private final boolean skips3ds;

    private String tranRef;
    private String approvalCode;
    private boolean declined;
    private boolean refunded;
    private boolean chargedBack;
    private BigDecimal approved;

    /**
     * Refunds made through the Payment Maintenance API, as its refund status inquiry lists them.
     */
    private final List<Map<String, String>> refunds = new ArrayList<>();

    /** The card of a Do Payment that waits on 3-D Secure; null when none waits. */
    private String authenticating;

    private Invoice(
        String merchantId,
        String invoiceNo,
        BigDecimal amount,
        String currency,
        String returnUrl,
        boolean skips3ds) {
      this.merchantId = merchantId;
      this.invoiceNo = invoiceNo;
      this.amount = amount;
      this.currency = currency;
      this.returnUrl = returnUrl;
      this.skips3ds = skips3ds;
      this.paymentToken = Ids.alphanumeric("", 48);
    }
  }

  /**
   * What the 3-D Secure page shows: where the browser goes back to (null when the merchant gave no
   * {@code frontendReturnUrl}), and the base64url {@code paymentResponse} it posts there.
   */
  record Authentication(String invoiceNo, String returnUrl, String paymentResponse) {}

  TwoC2pApi(Ledger ledger, SandboxUrls urls, String secret) {
    this.ledger = ledger;
    this.urls = urls;
    this.jwt = new Hs256(secret);
    try {
      this.ownKey = TwoC2pJose.privateKey(TwoC2pKeys.GATEWAY_PRIVATE);
      this.merchantKey = TwoC2pJose.publicKey(TwoC2pKeys.MERCHANT_PUBLIC);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("The sandbox's own keys are RSA keys", e);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String matchKey(SandboxRequest request) {
    JsonNode body = Json.parse(request.body());
    if (request.is("POST", PAYMENT)) {
      Invoice invoice = body == null ? null : byToken.get(body.path("paymentToken").asText(""));
      return invoice == null ? null : invoice.invoiceNo;
    }
    if (request.is("POST", MAINTENANCE)) {
      TwoC2pXml.Message message = opened(request);
      return message == null ? null : message.field("invoiceNo");
    }
    String token = Json.text(body, "payload");
    return token == null ? null : Json.text(Hs256.peek(token), "invoiceNo");
  }

  /**
   * The invoice number's order ({@code ORDER-<id>[-<n>]}) for every request, as {@link #matchKey}
   * finds the invoice: the Payment Token's and the inquiry's JWT payload (read, not verified), Do
   * Payment's token mapped to its invoice, the Payment Maintenance message decrypted.
   */
  @Override
  public Optional<String> orderOf(SandboxRequest request) {
    return OrderIds.of(matchKey(request));
  }

  @Override
  public Optional<String> orderOfPayment(String tranRef) {
    Invoice invoice = charged.get(tranRef);
    return invoice == null ? Optional.empty() : OrderIds.of(invoice.invoiceNo);
  }

  @Override
  public SandboxResponse handle(SandboxRequest request) {
    try {
      if (request.is("POST", TOKEN)) {
        return paymentToken(claims(request));
      }
      if (request.is("POST", PAYMENT)) {
        return doPayment(Json.parse(request.body()));
      }
      if (request.is("POST", INQUIRY)) {
        return inquiry(claims(request));
      }
      if (request.is("POST", MAINTENANCE)) {
        return maintenance(opened(request));
      }
      return SandboxResponse.json(
          404, Json.object().put("respCode", "9004").put("respDesc", "Unknown API"));
    } catch (JWTVerificationException | IllegalArgumentException e) {
      // Base64 or JSON trouble inside the token surfaces as IllegalArgumentException.
      return refused("9042", "Invalid JWT: not signed with the merchant secret or malformed");
    }
  }

  /**
   * The invoice charged as {@code tranRef} (the ledger's id), as the inquiry shows it: the
   * merchant, the invoice and the approval code a backend notification carries.
   */
  @Override
  public Optional<ObjectNode> find(String tranRef) {
    Invoice invoice = charged.get(tranRef);
    if (invoice == null) {
      return Optional.empty();
    }
    synchronized (invoice) {
      ObjectNode found = Json.object().put("merchantID", invoice.merchantId);
      found.put("invoiceNo", invoice.invoiceNo).put("tranRef", invoice.tranRef);
      found.put("approvalCode", invoice.approvalCode);
      found.put("amount", decimals(invoice.amount, invoice.currency));
      return Optional.of(found.put("currencyCode", invoice.currency));
    }
  }

  @Override
  public boolean answersWithPayment(SandboxRequest request) {
    return request.is("POST", INQUIRY);
  }

  /** Not {@code alter_status}: 2C2P answers in response codes, whose unknown ones are its own. */
  @Override
  public boolean alters(FaultMode mode) {
    return mode != FaultMode.ALTER_STATUS;
  }

  /** The inquiry's claims with another amount or currency, signed again with the secret. */
  @Override
  public SandboxResponse altered(SandboxResponse response, FaultMode mode) {
    String token = Json.text(Json.parse(response.body()), "payload");
    JsonNode claims = token == null ? null : jwt.verify(token);
    String currency = Json.text(claims, "currencyCode");
    if (currency == null) {
      // A refusal, or an invoice not found: no payment to alter.
      return response;
    }
    ObjectNode altered = (ObjectNode) claims;
    // Read back, 5672.00 is 5672: the amount is written again with its decimals either way.
    BigDecimal amount = claims.get("amount").decimalValue();
    if (mode == FaultMode.ALTER_CURRENCY) {
      altered.put("currencyCode", AlteredAnswers.otherCurrency(currency));
    } else {
      amount = amount.add(BigDecimal.ONE.movePointLeft(fractionDigits(currency)));
    }
    altered.put("amount", decimals(amount, currency));
    return signed(altered);
  }

  private JsonNode claims(SandboxRequest request) {
    String token = Json.text(Json.parse(request.body()), "payload");
    if (token == null) {
      throw new JWTVerificationException("No payload.");
    }
    return jwt.verify(token);
  }

  private SandboxResponse paymentToken(JsonNode claims) {
    for (String field : new String[] {"merchantID", "invoiceNo", "amount", "currencyCode"}) {
      if (Json.text(claims, field) == null || Json.text(claims, field).isBlank()) {
        return refused("9005", "Some mandatory fields are missing: " + field);
      }
    }
    if (!claims.get("amount").isNumber() || claims.get("amount").decimalValue().signum() <= 0) {
      return refused("9004", "The value is not valid: amount");
    }
    String currency = claims.get("currencyCode").asText().toUpperCase(Locale.ROOT);
    BigDecimal amount = claims.get("amount").decimalValue();
    if (smallestUnit(amount, currency) < 0) {
      return refused("9004", "The value is not valid: amount or currencyCode");
    }
    // "Specify enable/disable 3ds authentication": Y, N and F are the values 2C2P's examples use.
    String request3ds = Json.text(claims, "request3DS");
    if (request3ds != null && !Set.of("Y", "N", "F").contains(request3ds)) {
      return refused("9004", "The value is not valid: request3DS");
    }
    String invoiceNo = claims.get("invoiceNo").asText();
    Invoice created =
        new Invoice(
            claims.get("merchantID").asText(),
            invoiceNo,
            amount,
            currency,
            Json.text(claims, "frontendReturnUrl"),
            "N".equals(request3ds));
    Invoice invoice = invoices.putIfAbsent(invoiceNo, created);
    if (invoice != null) {
      return refused("9015", TwoC2pCode.of("9015").text());
    }
    invoice = created;
    byToken.put(invoice.paymentToken, invoice);
    ObjectNode answer = Json.object();
    answer.put("webPaymentUrl", urls.customerPage(NAME, invoice.paymentToken));
    answer.put("paymentToken", invoice.paymentToken);
    answer.put("respCode", "0000").put("respDesc", "Success");
    return signed(answer);
  }

  private SandboxResponse doPayment(JsonNode body) {
    if (body == null || Json.text(body, "paymentToken") == null) {
      return refused("9005", "Some mandatory fields are missing: paymentToken");
    }
    Invoice invoice = byToken.get(body.get("paymentToken").asText());
    if (invoice == null) {
      return refused("9004", "The value is not valid: paymentToken");
    }
    JsonNode payment = body.path("payment");
    if (!"CC".equals(payment.path("code").path("channelCode").asText())) {
      return refused("9004", "The value is not valid: channelCode");
    }
    String card = payment.path("data").path("securePayToken").asText("");
    if (card.isBlank()) {
      return refused("9005", "Some mandatory fields are missing: securePayToken");
    }
    ObjectNode answer = Json.object().put("invoiceNo", invoice.invoiceNo).put("channelCode", "CC");
    synchronized (invoice) {
      if (invoice.tranRef == null
          && (invoice.authenticating != null
              || (!invoice.skips3ds
                  && (card.equals(SECURE_CARD) || card.equals(SECURE_DECLINING_CARD))))) {
        // 1001: the customer must be sent to the page in data; the inquiry says pending till then.
        if (invoice.authenticating == null) {
          invoice.authenticating = card;
        }
        answer.put("data", urls.twoC2pAuthentication(invoice.paymentToken));
        return SandboxResponse.json(200, coded(answer, "1001"));
      }
      if (invoice.tranRef == null) {
        charge(invoice, card);
      }
    }
    coded(answer, "2000");
    return SandboxResponse.json(200, answer);
  }

  /**
   * The 3-D Secure page for a payment token: empty when no payment waits on it. {@code complete}
   * passes the authentication and charges the card (or declines it); otherwise the customer leaves
   * the page and the payment stays pending. Completing twice charges once.
   */
  Optional<Authentication> authentication(String paymentToken, boolean complete) {
    Invoice invoice = byToken.get(paymentToken);
    if (invoice == null) {
      return Optional.empty();
    }
    synchronized (invoice) {
      if (invoice.authenticating == null && invoice.tranRef == null) {
        return Optional.empty();
      }
      if (complete && invoice.tranRef == null) {
        charge(invoice, invoice.authenticating.equals(SECURE_DECLINING_CARD) ? DECLINING_CARD : "");
        invoice.authenticating = null;
      }
      ObjectNode response = Json.object().put("invoiceNo", invoice.invoiceNo);
      response.put("channelCode", "CC");
      coded(response, invoice.tranRef == null ? "0001" : "2000");
      return Optional.of(
          new Authentication(
              invoice.invoiceNo,
              invoice.returnUrl,
              java.util.Base64.getUrlEncoder().encodeToString(Json.bytes(response))));
    }
  }

  /**
   * The invoice's one charge; later Do Payments for it charge nothing. It is made only once the
   * ledger holds it, under a {@code tranRef} no other 2C2P charge has: seven random digits collide
   * by chance (about one run in twenty at a thousand charges), and an invoice shown charged that
   * the ledger does not hold would be money no test can account for.
   */
  private void charge(Invoice invoice, String card) {
    boolean declined = card.equals(DECLINING_CARD);
    BigDecimal approved =
        card.equals(PARTIAL_CARD)
            ? invoice
                .amount
                .divide(BigDecimal.valueOf(2), 0, RoundingMode.DOWN)
                .setScale(invoice.amount.scale())
            : null;
    LedgerStatus status = declined ? LedgerStatus.FAILED : LedgerStatus.PAID;
    long taken = smallestUnit(approved != null ? approved : invoice.amount, invoice.currency);
    invoice.tranRef =
        ledger.recordNew(
            NAME,
            () -> Ids.digits(7),
            tranRef ->
                LedgerEntry.created(
                    NAME,
                    tranRef,
                    invoice.invoiceNo,
                    invoice.invoiceNo,
                    taken,
                    invoice.currency,
                    "card",
                    status));
    invoice.declined = declined;
    invoice.approvalCode = declined ? "" : Ids.digits(6);
    invoice.approved = approved;
    charged.put(invoice.tranRef, invoice);
    LOG.log(Level.FINE, "Invoice {0} {1}", new Object[] {invoice.invoiceNo, status});
  }

  private SandboxResponse inquiry(JsonNode claims) {
    String invoiceNo = Json.text(claims, "invoiceNo");
    if (invoiceNo == null || Json.text(claims, "merchantID") == null) {
      return refused("9005", "Some mandatory fields are missing: merchantID, invoiceNo");
    }
    Invoice invoice = invoices.get(invoiceNo);
    ObjectNode answer = Json.object().put("merchantID", claims.get("merchantID").asText());
    answer.put("invoiceNo", invoiceNo);
    if (invoice == null) {
      return signed(coded(answer, "2002"));
    }
    synchronized (invoice) {
      answer.put(
          "amount",
          decimals(invoice.approved != null ? invoice.approved : invoice.amount, invoice.currency));
      answer.put("currencyCode", invoice.currency);
      answer.put("tranRef", invoice.tranRef).put("referenceNo", invoice.tranRef);
      answer.put("approvalCode", invoice.approvalCode);
      if (invoice.tranRef == null && invoice.authenticating != null) {
        // Do Payment went to 3-D Secure and the customer has not finished it.
        coded(answer, "0001");
      } else {
        // A token without a payment yet: 2C2P has no transaction for the invoice.
        coded(
            answer,
            invoice.tranRef == null
                ? "2002"
                : invoice.declined
                    ? "4005"
                    : invoice.chargedBack
                        ? "4130"
                        : invoice.refunded ? "4120" : invoice.approved != null ? "4010" : "0000");
      }
    }
    return signed(answer);
  }

  /** {@code 5672.00 JPY} is 5672; -1 when the amount has more decimals than the currency. */
  private static long smallestUnit(BigDecimal amount, String currency) {
    try {
      return amount.movePointRight(fractionDigits(currency)).longValueExact();
    } catch (IllegalArgumentException | ArithmeticException e) {
      return -1;
    }
  }

  private static int fractionDigits(String currency) {
    return Math.max(Currency.getInstance(currency).getDefaultFractionDigits(), 0);
  }

  /** 2C2P writes amounts with decimals even for the yen: {@code 5672.00}. */
  private static BigDecimal decimals(BigDecimal amount, String currency) {
    int digits = Currency.getInstance(currency).getDefaultFractionDigits();
    return amount.setScale(Math.max(digits, 2), RoundingMode.UNNECESSARY);
  }

  private static ObjectNode coded(ObjectNode answer, String code) {
    return answer.put("respCode", code).put("respDesc", TwoC2pCode.of(code).text());
  }

  private SandboxResponse signed(JsonNode claims) {
    return SandboxResponse.json(200, Json.object().put("payload", jwt.sign(claims)));
  }

  private static SandboxResponse refused(String code, String description) {
    return SandboxResponse.json(
        200, Json.object().put("respCode", code).put("respDesc", description));
  }

  /**
   * The request, once the merchant's PS256 signature verifies and the sandbox's key decrypts it;
   * null for anything else (2C2P then answers 96, unable to decrypt).
   */
  private TwoC2pXml.Message opened(SandboxRequest request) {
    try {
      return TwoC2pXml.read(
          TwoC2pJose.open(
              new String(request.body(), StandardCharsets.US_ASCII), merchantKey, ownKey));
    } catch (GeneralSecurityException | IllegalArgumentException unopened) {
      return null;
    }
  }

  /**
   * Payment Maintenance, {@code processType} R (refund) and RS (refund status). A refund is made
   * through the ledger, bounded by what is left; the same request twice refunds twice, since 2C2P
   * documents no key for it. A card refund is answered at once ({@code status} RF) and notified by
   * nothing: 2C2P notifies refunds only to a {@code notifyURL}, for payments refunded later.
   */
  private SandboxResponse maintenance(TwoC2pXml.Message request) {
    if (request == null || !"PaymentProcessRequest".equals(request.root())) {
      return maintenanceAnswer(null, "96", "Unable to decrypt.", Map.of());
    }
    String invoiceNo = request.field("invoiceNo");
    for (String field : new String[] {"version", "merchantID", "invoiceNo", "processType"}) {
      if (request.field(field) == null || request.field(field).isBlank()) {
        return maintenanceAnswer(request, "10", "Missing Compulsory Values", Map.of());
      }
    }
    Invoice invoice = invoices.get(invoiceNo);
    if (invoice == null || !invoice.merchantId.equals(request.field("merchantID"))) {
      return maintenanceAnswer(request, "16", "Requested transaction doesn't exist.", Map.of());
    }
    return switch (request.field("processType")) {
      case "R" -> refund(request, invoice);
      case "RS" -> refundStatus(request, invoice);
      default -> maintenanceAnswer(request, "97", "Process is not supported.", Map.of());
    };
  }

  private SandboxResponse refund(TwoC2pXml.Message request, Invoice invoice) {
    BigDecimal amount;
    try {
      amount = new BigDecimal(request.field("actionAmount"));
    } catch (NullPointerException | NumberFormatException garbled) {
      return maintenanceAnswer(request, "18", "Invalid Action Amount.", Map.of());
    }
    long refund = smallestUnit(amount, invoice.currency);
    if (refund <= 0) {
      return maintenanceAnswer(request, "18", "Invalid Action Amount.", Map.of());
    }
    String tranRef;
    synchronized (invoice) {
      tranRef = invoice.declined ? null : invoice.tranRef;
    }
    if (tranRef == null) {
      return maintenanceAnswer(
          request, "12", "Transaction status is not valid to perform your action.", Map.of());
    }
    String[] reference = new String[1];
    Ledger.RefundOutcome outcome;
    try {
      outcome =
          ledger.refund(
              NAME,
              tranRef,
              refund,
              (entry, refunded) -> {
                synchronized (invoice) {
                  reference[0] = listRefund(invoice, refund);
                  invoice.refunded = entry.refundable() == 0;
                }
              });
    } catch (IllegalArgumentException moreThanIsLeft) {
      return maintenanceAnswer(
          request, "40", "Refund amount is more than transaction amount.", Map.of());
    }
    if (outcome != Ledger.RefundOutcome.REFUNDED) {
      return maintenanceAnswer(
          request, "12", "Transaction status is not valid to perform your action.", Map.of());
    }
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("amount", decimals(amount, invoice.currency).toPlainString());
    fields.put("status", "RF");
    fields.put("referenceNo", tranRef);
    fields.put("refundReferenceNo", reference[0]);
    return maintenanceAnswer(request, "00", "Success", fields);
  }

  /**
   * Lists a refund of {@code refund} (smallest unit) of the invoice as the refund status inquiry
   * shows it ({@code <refund amount status referenceNo dateTime/>}, 2C2P's own RS sample): every
   * refund of the invoice, made by API or in the merchant portal. Its reference number.
   */
  private static String listRefund(Invoice invoice, long refund) {
    String reference = Ids.digits(7);
    Map<String, String> made = new LinkedHashMap<>();
    BigDecimal amount = BigDecimal.valueOf(refund).movePointLeft(fractionDigits(invoice.currency));
    made.put("amount", decimals(amount, invoice.currency).toPlainString());
    made.put("status", "RF");
    made.put("referenceNo", reference);
    made.put("dateTime", TRANSACTION_TIME.format(ZonedDateTime.now(JAPAN)));
    invoice.refunds.add(made);
    return reference;
  }

  private SandboxResponse refundStatus(TwoC2pXml.Message request, Invoice invoice) {
    List<Map<String, String>> refunds;
    Map<String, String> fields = new LinkedHashMap<>();
    synchronized (invoice) {
      refunds = List.copyOf(invoice.refunds);
      fields.put("amount", decimals(invoice.amount, invoice.currency).toPlainString());
      fields.put("status", invoice.tranRef == null || invoice.declined ? "F" : "S");
      fields.put("referenceNo", String.valueOf(invoice.tranRef));
    }
    SandboxResponse answer = maintenanceAnswer(request, "00", "Success", fields, refunds);
    return answer;
  }

  private SandboxResponse maintenanceAnswer(
      TwoC2pXml.Message request, String code, String description, Map<String, String> more) {
    return maintenanceAnswer(request, code, description, more, List.of());
  }

  /** {@code PaymentProcessResponse}, encrypted to the merchant and signed with 2C2P's key. */
  private SandboxResponse maintenanceAnswer(
      TwoC2pXml.Message request,
      String code,
      String description,
      Map<String, String> more,
      List<Map<String, String>> refunds) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("version", request == null ? "3.8" : request.field("version"));
    fields.put("timeStamp", TIME_STAMP.format(ZonedDateTime.now(JAPAN)));
    fields.put("respCode", code);
    fields.put("respDesc", description);
    if (request != null) {
      fields.put("processType", String.valueOf(request.field("processType")));
      fields.put("invoiceNo", String.valueOf(request.field("invoiceNo")));
    }
    fields.putAll(more);
    String xml = TwoC2pXml.write("PaymentProcessResponse", fields);
    if (!refunds.isEmpty()) {
      xml = TwoC2pXml.withRefunds(xml, refunds);
    }
    return new SandboxResponse(
        200,
        Map.of("Content-Type", "text/plain; charset=utf-8"),
        TwoC2pJose.seal(xml, ownKey, merchantKey).getBytes(StandardCharsets.US_ASCII));
  }

  private static final ZoneId JAPAN = ZoneId.of("Asia/Tokyo");
  private static final DateTimeFormatter TIME_STAMP = DateTimeFormatter.ofPattern("ddMMyyHHmmss");
  private static final DateTimeFormatter TRANSACTION_TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

  @Override
  public Settlement.Outcome settle(String id, Settlement settlement) {
    // Every 2C2P payment here is a card payment, decided by Do Payment: none waits.
    return Settlement.Outcome.UNKNOWN_PAYMENT;
  }

  /** A declined invoice is approved after all: the inquiry then answers 0000. */
  @Override
  public Settlement.Outcome succeedLate(String tranRef) {
    Invoice invoice = charged.get(tranRef);
    if (invoice == null) {
      return Settlement.Outcome.UNKNOWN_PAYMENT;
    }
    synchronized (invoice) {
      if (!invoice.declined) {
        return Settlement.Outcome.NOT_PENDING;
      }
      invoice.declined = false;
      invoice.approvalCode = Ids.digits(6);
    }
    ledger.update(NAME, tranRef, LedgerStatus.PAID);
    return Settlement.Outcome.SETTLED;
  }

  /**
   * A whole refund, as the shop makes it in 2C2P's merchant portal (its Payment Maintenance API,
   * JWE-encrypted XML, Ichido does not speak): the inquiry then answers 4120, a notification tells
   * it, and the refund status inquiry lists it like any other refund of the invoice (it names no
   * refund ours or not). Partial refunds are not imitated: what 2C2P notifies of them is not known.
   */
  @Override
  public boolean refundsInPart() {
    return false;
  }

  @Override
  public void refunded(String id, long refund, LedgerEntry entry) {
    Invoice invoice = chargedAs(id);
    synchronized (invoice) {
      invoice.refunded = true;
      listRefund(invoice, refund);
    }
  }

  /**
   * 2C2P's {@code 4130} "Chargeback", listed by 2C2P among its settlement and refund codes with the
   * action "Dispute filed — respond via portal" (github.com/2C2P/agent-skills @ e2813937, its
   * troubleshooting steering file, "Settlement & Refund"): the card's issuer took the money back,
   * and the merchant answers in 2C2P's portal, not through its API. The inquiry answers 4130 from
   * then on. 2C2P documents no code for a dispute the merchant wins, and no refusal of a refund of
   * money charged back: the sandbox still refunds it (a card credited twice shows in its ledger as
   * more gone back than was paid).
   */
  @Override
  public boolean chargesBack() {
    return true;
  }

  @Override
  public void chargedBack(String id, LedgerEntry entry) {
    Invoice invoice = chargedAs(id);
    synchronized (invoice) {
      invoice.chargedBack = true;
    }
  }

  private Invoice chargedAs(String tranRef) {
    Invoice invoice = charged.get(tranRef);
    if (invoice == null) {
      throw new IllegalStateException("No 2C2P invoice charged as " + tranRef + ".");
    }
    return invoice;
  }

  /**
   * 2C2P answers errors with HTTP 200 and a code: a 401 as the sandbox answers a JWT not signed
   * with the merchant secret (9042), a 403 as a payment channel the merchant may not use (9059);
   * both unconfirmed as 2C2P's answer to authentication and permission.
   */
  @Override
  public SandboxResponse failure(int status) {
    if (status == 401) {
      return refused("9042", "Invalid JWT: not signed with the merchant secret or malformed");
    }
    if (status == 403) {
      return refused("9059", "Payment channel unauthorized");
    }
    return SandboxResponse.json(
        status,
        Json.object().put("respCode", "9999").put("respDesc", "System error, HTTP " + status));
  }

  @Override
  public void reset() {
    invoices.clear();
    byToken.clear();
    charged.clear();
  }
}

package io.ichido.payments.gateway.komoju;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.control.GatewayMovement;
import io.ichido.payments.control.GatewayRefundAnswer;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.control.UnheardWord;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.Gateway;
import io.ichido.platform.control.Json;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * KOMOJU payments over MicroProfile Rest Client: cards, konbini, bank transfer, and the off-site
 * redirects PayPay and Rakuten Pay (楽天ペイ).
 */
@ApplicationScoped
@Gateway(value = KomojuGateway.NAME, listed = 3)
public class KomojuGateway implements PaymentGateway {

  static final String NAME = "komoju";
  private static final int LIST_PAGE = 100;
  private static final int MAX_LIST_PAGES = 1000;

  @Inject GatewaySettings settings;

  private KomojuApi komoju;
  private String authorization;
  private KomojuSecureTokens secureTokens;

  @PostConstruct
  void connect() {
    komoju = GatewayHttp.client(KomojuApi.class, settings.baseUrl(NAME), settings);
    authorization = GatewayHttp.basic(settings.secretKey(NAME));
    secureTokens = new KomojuSecureTokens(komoju, authorization);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(
        PaymentMethod.CARD,
        PaymentMethod.KONBINI,
        PaymentMethod.BANK_TRANSFER,
        PaymentMethod.PAYPAY,
        PaymentMethod.RAKUTEN_PAY);
  }

  /**
   * A card is authenticated first ({@link KomojuSecureTokens}): while the customer has still to
   * authenticate, the answer requires action at KOMOJU's page, and no payment exists; once the card
   * is authenticated (or no challenge was asked), the payment is made with the token. Every step is
   * keyed, so sending the same command again goes exactly as far as KOMOJU has got.
   */
  @Override
  public GatewayCharge charge(ChargeCommand command) {
    if (command.method() != PaymentMethod.CARD) {
      return pay(command, null);
    }
    KomojuSecureTokens.Token token = secureTokens.of(command);
    return switch (token.verification()) {
      case VERIFIED -> pay(command, token.id());
      case NEEDS_VERIFY ->
          new GatewayCharge(
              ChargeStatus.REQUIRES_ACTION,
              token.chargeId(),
              command.amount(),
              command.currency(),
              // Kept with the attempt: where the customer continues, should the answer be lost.
              Map.of("redirect_url", token.authenticationUrl()),
              token.authenticationUrl(),
              null,
              null);
      // KOMOJU's word that this card is not authenticated; no payment was made with the token.
      case ERRORED ->
          GatewayCharge.declined(
              token.chargeId(),
              command.amount(),
              command.currency(),
              "secure_token_errored",
              token.reason());
    };
  }

  /**
   * Back from KOMOJU's authentication page: the very same command again, which finds the token,
   * reads its status now and, authenticated, makes the payment under the attempt's key.
   */
  @Override
  public GatewayCharge afterAuthentication(ChargeCommand command, String chargeId) {
    return KomojuSecureTokens.names(chargeId) ? charge(command) : retrieve(chargeId);
  }

  /** The payment, made with {@code secureToken} as a card's details (null for other methods). */
  private GatewayCharge pay(ChargeCommand command, String secureToken) {
    ObjectNode payment = Json.MAPPER.createObjectNode();
    payment.put("amount", command.amount());
    payment.put("currency", command.currency());
    payment.put("external_order_num", command.reference());
    ChargeCommand.Customer customer = command.customer();
    switch (command.method()) {
      case CARD -> payment.put("payment_details", secureToken);
      case KONBINI ->
          payment
              .putObject("payment_details")
              .put("type", "konbini")
              .put("store", customer.store())
              .put("email", customer.email())
              .put("phone", customer.phone());
      case BANK_TRANSFER ->
          payment
              .putObject("payment_details")
              .put("type", "bank_transfer")
              .put("email", customer.email())
              .put("phone", customer.phone())
              .put("family_name", customer.name())
              .put("given_name", customer.name());
      // Off-site: KOMOJU answers pending with payment_details.redirect_url for the customer.
      case PAYPAY -> payment.putObject("payment_details").put("type", "paypay");
      case RAKUTEN_PAY -> payment.putObject("payment_details").put("type", "rakutenpay");
    }
    String body;
    try {
      body = Json.MAPPER.writeValueAsString(payment);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tree of strings always serializes", e);
    }
    return interpret(
        GatewayHttp.call(
            NAME, () -> komoju.createPayment(authorization, command.gatewayKey(), body)),
        command);
  }

  /** KOMOJU keeps a key 24 hours and offers no lookup by our reference: nothing to search. */
  @Override
  public boolean looksUp() {
    return false;
  }

  @Override
  public boolean refunds() {
    return true;
  }

  @Override
  public GatewayRefundAnswer refund(RefundCommand command) {
    ObjectNode refund = Json.MAPPER.createObjectNode();
    refund.put("amount", command.amount());
    refund.put("description", command.reason() + " of order " + command.orderId());
    String body;
    try {
      body = Json.MAPPER.writeValueAsString(refund);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tree of strings always serializes", e);
    }
    Answer answer =
        GatewayHttp.call(
            NAME,
            () ->
                komoju.refundPayment(
                    authorization, command.gatewayKey(), command.chargeId(), body));
    JsonNode payment = answer.body();
    String code = GatewayHttp.text(payment.path("error"), "code");
    GatewayHttp.requireAccepted(NAME, answer, code);
    if (!answer.ok()) {
      if (KomojuCode.of(answer.status(), code) == KomojuCode.Meaning.IN_FLIGHT) {
        throw new GatewayUnavailable(NAME, "idempotency key still in flight (409)", null);
      }
      throw new GatewayRejected(NAME, String.valueOf(code));
    }
    JsonNode refunds = payment.path("refunds");
    String refundId =
        refunds.isArray() && !refunds.isEmpty()
            ? GatewayHttp.text(refunds.get(refunds.size() - 1), "id")
            : null;
    return new GatewayRefundAnswer(
        refundId, GatewayHttp.amountOr(NAME, payment, "amount_refunded", command.amount()));
  }

  @Override
  public boolean cancels() {
    return true;
  }

  /**
   * A payment is cancelled at KOMOJU. An attempt still at its secure token has no payment to
   * cancel: only this attempt's own command makes one, and only with a verified token. A token not
   * verified (or errored) has paid nothing and never will once the attempt ends, since nothing
   * sends the command of an ended attempt: the attempt ends. A verified one may have paid already
   * (a return page whose payment answer was lost): it is read as it stands, waiting, and the
   * sweep's read, which sends the command again, settles it.
   */
  @Override
  public GatewayCharge cancel(String chargeId) {
    if (KomojuSecureTokens.names(chargeId)) {
      KomojuSecureTokens.Token token = secureTokens.ofCharge(chargeId);
      return token.verification() == KomojuSecureTokens.Verification.VERIFIED
          ? retrieve(chargeId)
          : GatewayCharge.declined(
              chargeId,
              token.amount(),
              token.currency(),
              "secure_token_unused",
              "the card was not authenticated; no payment was made with its secure token");
    }
    return interpret(
        GatewayHttp.call(NAME, () -> komoju.cancelPayment(authorization, chargeId)), null);
  }

  /**
   * A payment as KOMOJU has it; an attempt still at its secure token, as its token stands: waiting
   * for the customer, or verified and waiting for us to pay (which only the attempt's own command
   * does, {@link #afterAuthentication}), or errored, when no payment was made with it.
   */
  @Override
  public boolean listsMovements() {
    return true;
  }

  /**
   * KOMOJU's payments created in the window, {@code GET /api/v1/payments} with {@code start_time}
   * and {@code end_time}, {@code per_page} 100 a page from {@code page} 1 to its {@code last_page}
   * (https://docs.komoju.com/en/api/resources/payments/), after {@code start_time} and before
   * {@code end_time}. A payment took money when {@code captured} or {@code refunded}; {@code
   * amount_refunded} counts all its refunds, and {@code external_order_num} is our reference.
   */
  @Override
  public List<GatewayMovement> movements(Instant from, Instant to) {
    List<GatewayMovement> read = new ArrayList<>();
    // KOMOJU lists what was created after start_time: a second earlier, so none at the window's
    // very start is missed (one read twice is named once).
    Instant after = from.minusSeconds(1);
    for (int page = 1; page <= MAX_LIST_PAGES; page++) {
      int current = page;
      Answer listed =
          GatewayHttp.call(
              NAME,
              () ->
                  komoju.listPayments(
                      authorization, after.toString(), to.toString(), current, LIST_PAGE));
      GatewayHttp.requireAccepted(
          NAME, listed, GatewayHttp.text(listed.body().path("error"), "code"));
      JsonNode list = listed.body();
      if (!listed.ok() || !"list".equals(GatewayHttp.text(list, "resource"))) {
        throw new GatewayUnavailable(NAME, "the payments list answered no list", null);
      }
      for (JsonNode payment : list.path("data")) {
        String status = String.valueOf(GatewayHttp.text(payment, "status"));
        boolean took = status.equals("captured") || status.equals("refunded");
        read.add(
            new GatewayMovement(
                GatewayHttp.text(payment, "id"),
                GatewayHttp.text(payment, "id"),
                GatewayHttp.text(payment, "external_order_num"),
                took ? GatewayHttp.amount(NAME, payment, "amount") : 0,
                took ? GatewayHttp.amountOr(NAME, payment, "amount_refunded", 0) : 0,
                String.valueOf(GatewayHttp.text(payment, "currency")).toUpperCase(Locale.ROOT)));
      }
      if (page >= list.path("last_page").asInt(0)) {
        return read;
      }
    }
    throw new GatewayUnavailable(NAME, "more payments in the window than can be read", null);
  }

  @Override
  public GatewayCharge retrieve(String chargeId) {
    if (KomojuSecureTokens.names(chargeId)) {
      KomojuSecureTokens.Token token = secureTokens.ofCharge(chargeId);
      return token.verification() == KomojuSecureTokens.Verification.ERRORED
          ? GatewayCharge.declined(
              chargeId, token.amount(), token.currency(), "secure_token_errored", token.reason())
          : new GatewayCharge(
              ChargeStatus.REQUIRES_ACTION,
              chargeId,
              token.amount(),
              token.currency(),
              null,
              token.authenticationUrl(),
              null,
              null);
    }
    return interpret(
        GatewayHttp.call(NAME, () -> komoju.retrievePayment(authorization, chargeId)), null);
  }

  /**
   * A refusal is a decline when it is HTTP 402 ({@code request_failed}, KOMOJU's documented code
   * for a payment that could not be made) or names a decline whatever its status. A 409 means the
   * first request under this key is still being processed at KOMOJU: the same request later gets
   * its answer, so it is worth asking again, not a refusal.
   */
  private static GatewayCharge interpret(Answer answer, ChargeCommand command) {
    JsonNode body = answer.body();
    if (!answer.ok()) {
      String code = GatewayHttp.text(body.path("error"), "code");
      GatewayHttp.requireAccepted(NAME, answer, code);
      KomojuCode.Meaning meaning = KomojuCode.of(answer.status(), code);
      if (meaning == KomojuCode.Meaning.IN_FLIGHT) {
        throw new GatewayUnavailable(NAME, "idempotency key still in flight (409)", null);
      }
      if (meaning == KomojuCode.Meaning.DECLINED && command != null) {
        return GatewayCharge.declined(
            null,
            command.amount(),
            command.currency(),
            code == null ? "request_failed" : code,
            GatewayHttp.text(body.path("error"), "message"));
      }
      throw new GatewayRejected(NAME, String.valueOf(code));
    }
    String id = GatewayHttp.text(body, "id");
    long amount = GatewayHttp.amount(NAME, body, "amount");
    String currency = GatewayHttp.text(body, "currency");
    Map<String, Object> instructions =
        new LinkedHashMap<>(
            Json.MAPPER.convertValue(
                body.path("payment_details"), new TypeReference<Map<String, Object>>() {}));
    if (body.hasNonNull("payment_deadline")) {
      instructions.put("payment_deadline", body.get("payment_deadline").asText());
    }
    return switch (String.valueOf(GatewayHttp.text(body, "status"))) {
      case "captured", "refunded" ->
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              id,
              amount,
              currency,
              null,
              null,
              null,
              null,
              GatewayHttp.amountOr(NAME, body, "amount_refunded", 0));
      case "authorized", "pending" ->
          new GatewayCharge(
              ChargeStatus.AWAITING_PAYMENT,
              id,
              amount,
              currency,
              instructions,
              GatewayHttp.text(body.path("payment_details"), "redirect_url"),
              null,
              null);
      // KOMOJU's statements that the payment took no money.
      case "cancelled", "expired", "failed" ->
          GatewayCharge.declined(
              id, amount, currency, GatewayHttp.text(body, "status"), "KOMOJU payment not paid");
      default -> throw new UnheardWord(NAME, "payment status", GatewayHttp.text(body, "status"));
    };
  }
}

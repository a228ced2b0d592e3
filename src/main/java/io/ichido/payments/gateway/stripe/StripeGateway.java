package io.ichido.payments.gateway.stripe;

import com.fasterxml.jackson.core.type.TypeReference;
import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import com.stripe.model.Charge;
import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeCollection;
import com.stripe.net.RequestOptions;
import com.stripe.param.ChargeListParams;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentIntentRetrieveParams;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.RefundCreateParams;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayMovement;
import io.ichido.payments.control.GatewayRefundAnswer;
import io.ichido.payments.control.GatewayRefusedCall;
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
import io.opentelemetry.api.OpenTelemetry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Stripe PaymentIntents through Stripe's own Java SDK, pointed at the configured API base. */
@ApplicationScoped
@Gateway(value = StripeGateway.NAME, listed = 1)
public class StripeGateway implements PaymentGateway {

  static final String NAME = "stripe";

  @Inject GatewaySettings settings;
  @Inject OpenTelemetry telemetry;

  private StripeClient stripe;

  @PostConstruct
  void connect() {
    stripe =
        StripeClient.builder()
            .setApiKey(settings.secretKey(NAME))
            .setApiBase(settings.baseUrl(NAME))
            .setConnectTimeout((int) settings.connectTimeout().toMillis())
            .setReadTimeout((int) settings.readTimeout().toMillis())
            // Retries are ours (MicroProfile Fault Tolerance), always under the same key.
            .setMaxNetworkRetries(0)
            .setHttpClient(
                new TracedStripeHttp(
                    telemetry.getTracer(StripeGateway.class.getName()),
                    telemetry.getPropagators().getTextMapPropagator()))
            .build();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(PaymentMethod.CARD, PaymentMethod.KONBINI);
  }

  @Override
  public GatewayCharge charge(ChargeCommand command) {
    PaymentIntentCreateParams.Builder intent =
        PaymentIntentCreateParams.builder()
            .setAmount(command.amount())
            .setCurrency(command.currency().toLowerCase(Locale.ROOT))
            .setConfirm(true)
            .putMetadata("order_id", Long.toString(command.orderId()))
            .putMetadata("reference", command.reference());
    if (command.method() == PaymentMethod.KONBINI) {
      intent
          .addPaymentMethodType("konbini")
          .setPaymentMethodData(
              PaymentIntentCreateParams.PaymentMethodData.builder()
                  .setType(PaymentIntentCreateParams.PaymentMethodData.Type.KONBINI)
                  .setBillingDetails(
                      PaymentIntentCreateParams.PaymentMethodData.BillingDetails.builder()
                          .setName(command.customer().name())
                          .setEmail(command.customer().email())
                          .build())
                  .build());
    } else {
      intent.addPaymentMethodType("card").setPaymentMethod(command.token());
      if (command.returnUrl() != null) {
        // With a return_url, Stripe answers 3-D Secure with redirect_to_url, a page any browser
        // can follow; without one it answers use_stripe_sdk, which only Stripe.js can finish.
        intent.setReturnUrl(command.returnUrl());
      }
    }
    try {
      return answer(
          stripe
              .v1()
              .paymentIntents()
              .create(
                  intent.build(),
                  RequestOptions.builder().setIdempotencyKey(command.gatewayKey()).build()));
    } catch (CardException declined) {
      PaymentIntent failed =
          declined.getStripeError() == null ? null : declined.getStripeError().getPaymentIntent();
      return GatewayCharge.declined(
          failed == null ? null : failed.getId(),
          command.amount(),
          command.currency(),
          declined.getDeclineCode() != null ? declined.getDeclineCode() : declined.getCode(),
          declined.getStripeError() == null ? null : declined.getStripeError().getMessage());
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  @Override
  public GatewayCharge retrieve(String chargeId) {
    try {
      // The latest charge expanded: its amount_refunded is what went back, by anyone's hand.
      return answer(
          stripe
              .v1()
              .paymentIntents()
              .retrieve(
                  chargeId,
                  PaymentIntentRetrieveParams.builder().addExpand("latest_charge").build()));
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  /**
   * Stripe's search finds intents by the reference in their metadata. Search is not
   * read-after-write consistent (Stripe indexes within about a minute), which is why it is asked
   * only about attempts too old to send again.
   */
  @Override
  public Optional<GatewayCharge> lookup(String reference, long orderId) {
    try {
      List<PaymentIntent> found =
          stripe
              .v1()
              .paymentIntents()
              .search(
                  PaymentIntentSearchParams.builder()
                      .setQuery("metadata['reference']:'" + reference.replace("'", "") + "'")
                      .setLimit(10L)
                      .build())
              .getData();
      // A successful intent wins over a declined one under the same reference.
      return found.stream()
          .map(StripeGateway::answer)
          .min(Comparator.comparing(charge -> charge.status() != ChargeStatus.SUCCEEDED));
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  @Override
  public boolean looksUp() {
    return true;
  }

  @Override
  public boolean cancels() {
    return true;
  }

  /**
   * Cancels an intent that still waits on the customer. Stripe refuses to cancel one that succeeded
   * meanwhile ({@code payment_intent_unexpected_state}): it is then read back as it is.
   */
  @Override
  public GatewayCharge cancel(String chargeId) {
    try {
      return answer(stripe.v1().paymentIntents().cancel(chargeId));
    } catch (InvalidRequestException unexpectedState) {
      if ("payment_intent_unexpected_state".equals(unexpectedState.getCode())) {
        return retrieve(chargeId);
      }
      throw classify(unexpectedState);
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  @Override
  public boolean refunds() {
    return true;
  }

  /**
   * A refund under our key: Stripe answers a repeat with the first refund. A charge refunded in
   * full already ({@code charge_already_refunded}) was refunded by another hand (under our key the
   * first refund would be answered): this refund is refused, and that one is told by its webhook.
   */
  @Override
  public GatewayRefundAnswer refund(RefundCommand command) {
    try {
      Refund refund =
          stripe
              .v1()
              .refunds()
              .create(
                  RefundCreateParams.builder()
                      .setPaymentIntent(command.chargeId())
                      .setAmount(command.amount())
                      .putMetadata("reason", command.reason())
                      .putMetadata("order_id", Long.toString(command.orderId()))
                      .build(),
                  RequestOptions.builder().setIdempotencyKey(command.gatewayKey()).build());
      if ("failed".equals(refund.getStatus()) || "canceled".equals(refund.getStatus())) {
        throw new GatewayRejected(NAME, "refund " + refund.getStatus());
      }
      return new GatewayRefundAnswer(refund.getId(), refund.getAmount());
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  @Override
  public boolean listsMovements() {
    return true;
  }

  /**
   * Stripe's charges created in the window, {@code GET /v1/charges} with {@code created[gte]} and
   * {@code created[lt]} (https://docs.stripe.com/api/charges/list), newest first and at most 100 a
   * page: while {@code has_more}, the next page {@code starting_after} the last charge of this one
   * (https://docs.stripe.com/api/pagination). A charge names its PaymentIntent, the id our attempts
   * keep; {@code amount_captured} is what it took and {@code amount_refunded} all its refunds
   * together, by anyone's hand (https://docs.stripe.com/api/charges/object).
   */
  @Override
  public List<GatewayMovement> movements(Instant from, Instant to) {
    List<GatewayMovement> read = new ArrayList<>();
    // Stripe filters by whole seconds: the window's end rounded up, so no charge of it is missed.
    long before = to.getEpochSecond() + (to.getNano() > 0 ? 1 : 0);
    String after = null;
    try {
      while (true) {
        ChargeListParams.Builder page =
            ChargeListParams.builder()
                .setCreated(
                    ChargeListParams.Created.builder()
                        .setGte(from.getEpochSecond())
                        .setLt(before)
                        .build())
                .setLimit(100L);
        if (after != null) {
          page.setStartingAfter(after);
        }
        StripeCollection<Charge> charges = stripe.v1().charges().list(page.build());
        for (Charge charge : charges.getData()) {
          read.add(movement(charge));
          after = charge.getId();
        }
        if (!Boolean.TRUE.equals(charges.getHasMore()) || charges.getData().isEmpty()) {
          return read;
        }
      }
    } catch (StripeException failure) {
      throw classify(failure);
    }
  }

  /** Money only where the charge succeeded and was captured: a failed charge took nothing. */
  private static GatewayMovement movement(Charge charge) {
    boolean took =
        "succeeded".equals(charge.getStatus()) && Boolean.TRUE.equals(charge.getCaptured());
    Map<String, String> metadata = charge.getMetadata() == null ? Map.of() : charge.getMetadata();
    return new GatewayMovement(
        charge.getPaymentIntent(),
        charge.getId(),
        metadata.getOrDefault("reference", metadata.get("order_id")),
        took ? charge.getAmountCaptured() : 0,
        took && charge.getAmountRefunded() != null ? charge.getAmountRefunded() : 0,
        charge.getCurrency().toUpperCase(Locale.ROOT));
  }

  /**
   * A 409 is {@code idempotency_key_in_use}: the first request under the key is still running at
   * Stripe, so the same request later finds its result. Asking again is the only right answer. 401
   * and 403 (our key), an idempotency error and a 404 are about our call, not the payment.
   */
  private static RuntimeException classify(StripeException failure) {
    Integer status = failure.getStatusCode();
    // PermissionException extends AuthenticationException in stripe-java: asked first.
    if (failure instanceof PermissionException) {
      return new GatewayRefusedCall(
          NAME, GatewayRefusedCall.Why.PERMISSION, 403, String.valueOf(failure.getCode()));
    }
    if (failure instanceof AuthenticationException) {
      return new GatewayRefusedCall(
          NAME, GatewayRefusedCall.Why.AUTHENTICATION, 401, String.valueOf(failure.getCode()));
    }
    if (failure instanceof IdempotencyException) {
      return new GatewayRefusedCall(
          NAME,
          GatewayRefusedCall.Why.IDEMPOTENCY,
          status == null ? 400 : status,
          String.valueOf(failure.getCode()));
    }
    if (status != null && GatewayRefusedCall.byStatus(status) != null) {
      return new GatewayRefusedCall(
          NAME, GatewayRefusedCall.byStatus(status), status, String.valueOf(failure.getCode()));
    }
    boolean transientFailure =
        failure instanceof RateLimitException
            || failure instanceof ApiConnectionException
            || failure instanceof ApiException
            || (status != null && (status >= 500 || status == 409));
    if (transientFailure) {
      return new GatewayUnavailable(NAME, failure.getClass().getSimpleName(), failure);
    }
    return new GatewayRejected(
        NAME, failure.getCode() == null ? "HTTP " + failure.getStatusCode() : failure.getCode());
  }

  private static GatewayCharge answer(PaymentIntent intent) {
    String currency = intent.getCurrency().toUpperCase(Locale.ROOT);
    return switch (intent.getStatus()) {
      case "succeeded" ->
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              intent.getId(),
              intent.getAmount(),
              currency,
              null,
              null,
              null,
              null,
              refunded(intent));
      case "requires_action", "processing" -> {
        PaymentIntent.NextAction next = intent.getNextAction();
        boolean customerPaysLater =
            next != null && "konbini_display_details".equals(next.getType());
        String redirect =
            next != null && next.getRedirectToUrl() != null
                ? next.getRedirectToUrl().getUrl()
                : null;
        yield new GatewayCharge(
                customerPaysLater || "processing".equals(intent.getStatus())
                    ? ChargeStatus.AWAITING_PAYMENT
                    : ChargeStatus.REQUIRES_ACTION,
                intent.getId(),
                intent.getAmount(),
                currency,
                next == null ? null : asMap(next.toJson()),
                redirect,
                null,
                null)
            // Stripe.js finishes 3-D Secure in the customer's page with it (handleNextAction).
            .withClientSecret(intent.getClientSecret());
      }
      // The confirmation failed (the card was declined) or the intent was cancelled: Stripe's
      // statement that this intent took no money.
      case "requires_payment_method", "canceled" -> {
        String code =
            intent.getLastPaymentError() == null
                ? intent.getStatus()
                : intent.getLastPaymentError().getCode();
        yield GatewayCharge.declined(intent.getId(), intent.getAmount(), currency, code, null);
      }
      // requires_capture (money held, which automatic capture never leaves), requires_confirmation
      // and any status Stripe adds: no statement about the money.
      default -> throw new UnheardWord(NAME, "PaymentIntent status", intent.getStatus());
    };
  }

  /**
   * What went back of a succeeded intent, where its latest charge came expanded (a read-back);
   * nothing is known to have gone back otherwise (a create's answer, a search).
   */
  private static long refunded(PaymentIntent intent) {
    Charge charge = intent.getLatestChargeObject();
    if (charge == null || charge.getAmountRefunded() == null) {
      return 0;
    }
    if (charge.getAmountRefunded() < 0 || charge.getAmountRefunded() > intent.getAmount()) {
      throw new UnheardWord(NAME, "amount_refunded", String.valueOf(charge.getAmountRefunded()));
    }
    return charge.getAmountRefunded();
  }

  /** The SDK writes every field it knows, mostly null; the customer needs only the others. */
  private static Map<String, Object> asMap(String json) {
    try {
      return withoutNulls(Json.MAPPER.readValue(json, new TypeReference<Map<String, Object>>() {}));
    } catch (IOException e) {
      throw new GatewayRejected(NAME, "unreadable next_action");
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> withoutNulls(Map<String, Object> map) {
    Map<String, Object> kept = new java.util.LinkedHashMap<>();
    map.forEach(
        (key, value) -> {
          if (value instanceof Map<?, ?> nested) {
            kept.put(key, withoutNulls((Map<String, Object>) nested));
          } else if (value != null) {
            kept.put(key, value);
          }
        });
    return kept;
  }
}

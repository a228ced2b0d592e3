package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stripe's PaymentIntents: card (confirmed at once), konbini and Japanese bank transfer (waiting
 * for the customer), retrieved by id or searched ({@link StripeSearch}). A reused key with other
 * parameters is refused, as Stripe does.
 */
final class StripeApi implements Gateway {

  static final String NAME = "stripe";
  private static final Logger LOG = Logger.getLogger(StripeApi.class.getName());
  private static final String INTENTS = "/v1/payment_intents";
  private static final String DECLINING_METHOD = "pm_card_chargeDeclined";

  /**
   * Stripe's own test method for a card whose issuer asks for 3-D Secure 2 and challenges the
   * customer: the issuer's page waits for them to authenticate, or to fail.
   */
  private static final String THREE_D_SECURE_METHOD = "pm_card_threeDSecure2Required";

  /**
   * The frictionless flow: the issuer authenticates without a challenge. Stripe documents a test
   * card for it ({@code 4000000032200000}) but no PaymentMethod id, so the sandbox names one. The
   * intent still asks for the action (a frictionless card comes back {@code requires_action} at
   * Stripe too); the issuer's page sends the browser straight back, and the intent succeeds.
   */
  private static final String FRICTIONLESS_METHOD = "pm_card_threeDSecure2Frictionless";

  private final Ledger ledger;
  private final StripeNextActions nextActions;
  private final Payments intents = new Payments();
  private final StripeIdempotency idempotency = new StripeIdempotency();
  private final StripeRefunds refunds;
  private final Map<String, Authentication> authentications = new ConcurrentHashMap<>();

  /**
   * A 3-D Secure authentication the customer has still to go through: where the browser goes back
   * ({@code return_url}, null when the merchant finishes it with Stripe.js), whether the issuer
   * challenges, and the intent's client secret, which Stripe's page asks for.
   */
  record Authentication(
      String intentId, String returnUrl, boolean challenge, String clientSecret) {}

  StripeApi(Ledger ledger, SandboxUrls urls) {
    this.ledger = ledger;
    this.nextActions = new StripeNextActions(urls);
    this.refunds = new StripeRefunds(ledger, intents);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String matchKey(SandboxRequest request) {
    return request.header("Idempotency-Key");
  }

  /**
   * A create: its {@code metadata[reference]} ({@code ORDER-<id>[-<n>]}), else its {@code
   * metadata[order_id]}. A refund: the intent its {@code payment_intent} names; a cancel or a
   * retrieve: the intent in the path; a search: the order its query asks for ({@link
   * StripeSearch#order}).
   */
  @Override
  public Optional<String> orderOf(SandboxRequest request) {
    if (request.is("POST", INTENTS)) {
      Map<String, String> metadata = Form.nested(request.form(), "metadata");
      return order(metadata.get("reference"), metadata.get("order_id"));
    }
    if (request.is("POST", StripeRefunds.URL)) {
      String intent = request.form().get("payment_intent");
      return intent == null ? Optional.empty() : orderOfPayment(intent);
    }
    if (request.is("GET", StripeSearch.URL)) {
      return StripeSearch.order(request.queryParameters().get("query"));
    }
    String canceled = request.idBetween("POST", INTENTS + "/", "/cancel");
    String id = canceled != null ? canceled : intentId(request);
    return id == null ? Optional.empty() : orderOfPayment(id);
  }

  /** By the intent's metadata, as its create gave it: intents never confirmed included. */
  @Override
  public Optional<String> orderOfPayment(String id) {
    return intents
        .find(id)
        .map(intent -> intent.path("metadata"))
        .flatMap(
            metadata -> order(Json.text(metadata, "reference"), Json.text(metadata, "order_id")));
  }

  private static Optional<String> order(String reference, String orderId) {
    return OrderIds.ofReference(reference).or(() -> OrderIds.of(orderId));
  }

  @Override
  public SandboxResponse handle(SandboxRequest request) {
    // Stripe takes the key as a bearer token or as the Basic user (curl -u sk_test_...:).
    String apiKey = Credentials.bearer(request);
    if (apiKey == null) {
      apiKey = Credentials.basicUser(request);
    }
    if (apiKey == null) {
      return StripeErrors.error(
          401, "invalid_request_error", null, null, "You did not provide an API key.");
    }
    if (!Credentials.valid(apiKey, "sk_test_")) {
      return StripeErrors.invalidApiKey(apiKey);
    }
    if (request.is("POST", INTENTS)) {
      return create(request);
    }
    if (request.is("POST", StripeRefunds.URL)) {
      Map<String, String> form = request.form();
      SandboxResponse invalid = StripeRefunds.validate(form);
      return invalid != null
          ? invalid
          : idempotency.execute(request, form, () -> refunds.create(form));
    }
    String canceled = request.idBetween("POST", INTENTS + "/", "/cancel");
    if (canceled != null) {
      Map<String, String> form = request.form();
      return idempotency.execute(request, form, () -> cancel(canceled, form));
    }
    if (request.is("GET", StripeSearch.URL)) {
      return StripeSearch.answer(request.queryParameters(), intents);
    }
    if (request.is("GET", StripeCharges.URL)) {
      return StripeCharges.answer(request.queryParameters(), charges());
    }
    String id = intentId(request);
    if (id != null) {
      return find(id)
          .map(intent -> SandboxResponse.json(200, expanded(intent, request)))
          .orElseGet(
              () ->
                  StripeErrors.error(
                      404,
                      "invalid_request_error",
                      "resource_missing",
                      "intent",
                      "No such payment_intent: '" + id + "'"));
    }
    return StripeErrors.error(
        404,
        "invalid_request_error",
        null,
        null,
        "Unrecognized request URL (" + request.method() + ": " + request.path() + ").");
  }

  @Override
  public Optional<ObjectNode> find(String id) {
    return intents.find(id);
  }

  @Override
  public boolean createsPayment(SandboxRequest request) {
    return request.is("POST", INTENTS);
  }

  @Override
  public void searchDelay(long millis) {
    intents.searchDelay(millis);
  }

  @Override
  public boolean answersWithPayment(SandboxRequest request) {
    return request.is("POST", INTENTS) || intentId(request) != null;
  }

  /**
   * The intent as {@code expand[]=latest_charge} asks for it: its latest charge as an object, whose
   * {@code amount_refunded} counts every refund of it (the ledger's), as Stripe's Charge does.
   * Without the parameter, or without a charge, the intent as stored (the charge an id).
   */
  private ObjectNode expanded(ObjectNode intent, SandboxRequest request) {
    boolean asked =
        request.queryParameters().entrySet().stream()
            .anyMatch(
                p -> p.getKey().startsWith("expand[") && "latest_charge".equals(p.getValue()));
    String charge = intent.path("latest_charge").asText(null);
    if (!asked || charge == null) {
      return intent;
    }
    String id = intent.path("id").asText();
    Optional<LedgerEntry> entry = ledger.find(NAME, id);
    boolean paid = entry.map(e -> e.status().paid()).orElse(false);
    ObjectNode object =
        WebhookEvents.stripeCharge(
            charge,
            id,
            entry.map(LedgerEntry::amount).orElse(intent.path("amount").asLong()),
            paid ? entry.get().amountRefunded() : 0,
            intent.path("currency").asText(),
            intent.get("metadata").deepCopy(),
            intent.path("created").asLong());
    if (!paid) {
      // The charge of a declined card: it failed and took nothing.
      object.put("amount_captured", 0).put("captured", false).put("paid", false);
      object.put("status", "failed");
    }
    ObjectNode copy = intent.deepCopy();
    copy.set("latest_charge", object);
    return copy;
  }

  /**
   * Every charge that took money, oldest first, as Stripe's Charge shows it: its amount is what the
   * ledger says the charge took (an amount altered at the gateway included), its {@code
   * amount_refunded} every refund of it.
   */
  private List<ObjectNode> charges() {
    List<ObjectNode> charges = new java.util.ArrayList<>();
    for (LedgerEntry entry : ledger.list(NAME, null)) {
      Optional<ObjectNode> intent = intents.find(entry.id());
      if (!entry.status().paid() || intent.isEmpty()) {
        continue;
      }
      String charge = intent.get().path("latest_charge").asText(null);
      if (charge != null) {
        charges.add(
            WebhookEvents.stripeCharge(
                charge,
                entry.id(),
                entry.amount(),
                entry.amountRefunded(),
                entry.currency(),
                intent.get().get("metadata").deepCopy(),
                intent.get().path("created").asLong()));
      }
    }
    return charges;
  }

  /**
   * A payment made in Stripe's Dashboard for the order, without Ichido: an intent that succeeded at
   * once with its charge, naming the order in its metadata as a person would type it, and no
   * webhook Ichido could tie to an attempt of its own.
   */
  @Override
  public String dashboardCharge(String order, long amount, String currency) {
    String id = Ids.alphanumeric("pi_", 24);
    ObjectNode intent = Json.object();
    intent.put("id", id).put("object", "payment_intent").put("amount", amount);
    intent.put("amount_received", amount).put("currency", currency.toLowerCase(Locale.ROOT));
    intent.put("capture_method", "automatic").put("confirmation_method", "automatic");
    intent.put("client_secret", id + "_secret_" + Ids.alphanumeric("", 25));
    intent.put("created", Instant.now().getEpochSecond()).put("livemode", false);
    intent.putNull("customer").putNull("payment_method");
    intent.putArray("payment_method_types").add("card");
    intent.put("latest_charge", Ids.alphanumeric("ch_", 24));
    intent.putNull("last_payment_error").putNull("next_action").put("status", "succeeded");
    intent.putObject("metadata").put("order_id", order);
    intents.add(id, intent);
    ledger.record(
        LedgerEntry.created(NAME, id, null, order, amount, currency, "card", LedgerStatus.PAID));
    return id;
  }

  /** The id of {@code GET /v1/payment_intents/{id}}, or null for any other request. */
  private static String intentId(SandboxRequest request) {
    return request.is("GET", StripeSearch.URL) ? null : request.idAfter("GET", INTENTS + "/");
  }

  private SandboxResponse create(SandboxRequest request) {
    Map<String, String> form = request.form();
    String method = method(form.getOrDefault("payment_method_types[0]", "card"));
    SandboxResponse invalid = StripeErrors.validate(form, method);
    if (invalid != null) {
      return invalid;
    }
    String key = request.header("Idempotency-Key");
    return idempotency.execute(request, form, () -> confirm(form, method, key));
  }

  /** Stripe's name for the method as Ichido's: {@code card}, {@code konbini}, ... or null. */
  private static String method(String paymentMethodType) {
    return switch (paymentMethodType) {
      case "card" -> "card";
      case "konbini" -> "konbini";
      case "customer_balance" -> "bank_transfer";
      default -> null;
    };
  }

  /** Creates the PaymentIntent and, when confirmed, the charge: runs once per idempotency key. */
  private SandboxResponse confirm(Map<String, String> form, String method, String key) {
    long amount = Long.parseLong(form.get("amount"));
    String currency = form.get("currency").toLowerCase(Locale.ROOT);
    String id = Ids.alphanumeric("pi_", 24);
    ObjectNode intent = Json.object();
    intent.put("id", id).put("object", "payment_intent").put("amount", amount);
    intent.put("amount_received", 0).put("currency", currency);
    // Ichido sets neither: Stripe's defaults (automatic_async since API version 2024-04-10).
    intent.put("capture_method", "automatic_async").put("confirmation_method", "automatic");
    intent.put("client_secret", id + "_secret_" + Ids.alphanumeric("", 25));
    intent.put("created", Instant.now().getEpochSecond()).put("livemode", false);
    intent.put("customer", form.get("customer")).put("payment_method", form.get("payment_method"));
    intent
        .putArray("payment_method_types")
        .add(form.getOrDefault("payment_method_types[0]", "card"));
    intent.putNull("latest_charge").putNull("last_payment_error").putNull("next_action");
    ObjectNode metadata = intent.putObject("metadata");
    Form.nested(form, "metadata").forEach(metadata::put);
    if (!"true".equals(form.get("confirm"))) {
      // Nothing is charged before confirmation; the subset never confirms later.
      intent.put(
          "status",
          form.containsKey("payment_method") ? "requires_confirmation" : "requires_payment_method");
      intents.add(id, intent);
      return SandboxResponse.json(200, intent);
    }
    LedgerStatus status;
    SandboxResponse response;
    if (method.equals("card") && form.get("payment_method").startsWith(DECLINING_METHOD)) {
      intent
          .put("status", "requires_payment_method")
          .put("latest_charge", Ids.alphanumeric("ch_", 24));
      ObjectNode error = StripeNextActions.declineError();
      intent.set("last_payment_error", error.deepCopy());
      error.set("payment_intent", intent.deepCopy());
      error.put("charge", intent.get("latest_charge").asText());
      status = LedgerStatus.FAILED;
      response = SandboxResponse.json(402, Json.object().set("error", error));
    } else if (method.equals("card")
        && (form.get("payment_method").startsWith(THREE_D_SECURE_METHOD)
            || form.get("payment_method").startsWith(FRICTIONLESS_METHOD))) {
      // The customer must authenticate at the issuer's page first: nothing is charged yet.
      Authentication authentication =
          new Authentication(
              id,
              form.get("return_url"),
              form.get("payment_method").startsWith(THREE_D_SECURE_METHOD),
              intent.get("client_secret").asText());
      authentications.put(id, authentication);
      intent.put("status", "requires_action");
      intent.set("next_action", nextActions.threeDSecure(authentication));
      status = LedgerStatus.PENDING;
      response = SandboxResponse.json(200, intent);
    } else if (method.equals("card")) {
      intent.put("status", "succeeded").put("amount_received", amount);
      intent.put("latest_charge", Ids.alphanumeric("ch_", 24));
      status = LedgerStatus.PAID;
      response = SandboxResponse.json(200, intent);
    } else {
      intent.put("status", "requires_action");
      intent.set(
          "next_action",
          method.equals("konbini")
              ? nextActions.konbini(id)
              : nextActions.bankTransfer(id, amount, currency));
      status = LedgerStatus.PENDING;
      response = SandboxResponse.json(200, intent);
    }
    intents.add(id, intent);
    ledger.record(
        LedgerEntry.created(
            NAME,
            id,
            key,
            metadata.path("order_id").asText(null),
            amount,
            currency,
            method,
            status));
    LOG.log(Level.FINE, "PaymentIntent {0} {1}", new Object[] {id, status});
    return response;
  }

  @Override
  public Settlement.Outcome settle(String id, Settlement settlement) {
    Settlement.Outcome outcome =
        intents.change(
            id,
            intent -> "requires_action".equals(intent.path("status").asText()),
            intent -> {
              intent.putNull("next_action");
              if (settlement == Settlement.COMPLETE) {
                intent
                    .put("status", "succeeded")
                    .put("amount_received", intent.get("amount").asLong());
                intent.put("latest_charge", Ids.alphanumeric("py_", 24));
              } else if ("konbini".equals(intent.path("payment_method_types").path(0).asText())) {
                // An unpaid konbini voucher sends the intent back for another payment method.
                intent.put("status", "requires_payment_method");
                intent.set("last_payment_error", WebhookEvents.stripeExpiredVoucher());
              } else {
                // Bank transfers do not expire at Stripe; the merchant cancels the intent.
                intent.put("status", "canceled").put("cancellation_reason", "abandoned");
              }
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, settlement.ledgerStatus());
    }
    return outcome;
  }

  /** The authentication the issuer's page shows, if it was opened with the intent's secret. */
  Optional<Authentication> authentication(String id, String clientSecret) {
    return Optional.ofNullable(authentications.get(id))
        .filter(waiting -> waiting.clientSecret().equals(clientSecret));
  }

  /**
   * The customer authenticated (the intent succeeds and is charged) or failed to: the intent goes
   * back to {@code requires_payment_method} with Stripe's {@code
   * payment_intent_authentication_failure}, and no money moved. Once per intent; a second call
   * changes nothing. Whether the intent succeeded.
   */
  boolean authenticate(String id, boolean passed) {
    if (passed) {
      settle(id, Settlement.COMPLETE);
    } else {
      Settlement.Outcome outcome =
          intents.change(
              id,
              intent -> "requires_action".equals(intent.path("status").asText()),
              intent -> {
                intent.put("status", "requires_payment_method").putNull("next_action");
                intent.set("last_payment_error", StripeNextActions.authenticationFailure());
              });
      if (outcome == Settlement.Outcome.SETTLED) {
        ledger.update(NAME, id, LedgerStatus.FAILED);
      }
    }
    return find(id).map(intent -> "succeeded".equals(intent.path("status").asText())).orElse(false);
  }

  private static final List<String> CANCELABLE =
      List.of(
          "requires_payment_method",
          "requires_capture",
          "requires_confirmation",
          "requires_action",
          "processing");

  /**
   * {@code POST /v1/payment_intents/{id}/cancel}: an intent that took no money is canceled, for
   * good; a succeeded or canceled one is 400 {@code payment_intent_unexpected_state}.
   */
  private SandboxResponse cancel(String id, Map<String, String> form) {
    Optional<ObjectNode> found = find(id);
    if (found.isEmpty()) {
      return StripeErrors.error(
          404,
          "invalid_request_error",
          "resource_missing",
          "intent",
          "No such payment_intent: '" + id + "'");
    }
    Settlement.Outcome outcome =
        intents.change(
            id,
            intent -> CANCELABLE.contains(intent.path("status").asText()),
            intent -> {
              intent.put("status", "canceled").putNull("next_action");
              intent.put("cancellation_reason", form.get("cancellation_reason"));
              intent.put("canceled_at", Instant.now().getEpochSecond());
            });
    if (outcome == Settlement.Outcome.NOT_PENDING) {
      return StripeErrors.error(
          400,
          "invalid_request_error",
          "payment_intent_unexpected_state",
          null,
          "You cannot cancel this PaymentIntent because it has a status of "
              + found.get().path("status").asText()
              + ". Only a PaymentIntent with one of the following statuses may be canceled: "
              + String.join(", ", CANCELABLE)
              + ".");
    }
    if (ledger.find(NAME, id).isPresent()) {
      ledger.update(NAME, id, LedgerStatus.CANCELLED);
    }
    return SandboxResponse.json(200, find(id).orElseThrow());
  }

  /** Any intent but a succeeded or canceled one: Stripe never captures a canceled intent. */
  @Override
  public Settlement.Outcome succeedLate(String id) {
    if (ledger.find(NAME, id).isEmpty()) {
      return Settlement.Outcome.UNKNOWN_PAYMENT;
    }
    Settlement.Outcome outcome =
        intents.change(
            id,
            intent -> !Set.of("succeeded", "canceled").contains(intent.path("status").asText()),
            intent -> {
              intent
                  .put("status", "succeeded")
                  .put("amount_received", intent.get("amount").asLong());
              intent.putNull("next_action").putNull("last_payment_error");
              intent.put("latest_charge", Ids.alphanumeric("ch_", 24));
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, LedgerStatus.PAID);
    }
    return outcome;
  }

  /**
   * A PaymentIntent shows no refunds (its Charge does): nothing changes here, and the {@code
   * charge.refunded} event is built from the intent and the ledger.
   */
  @Override
  public void refunded(String id, long refund, LedgerEntry entry) {}

  @Override
  public SandboxResponse failure(int status) {
    return switch (status) {
      case 401 -> StripeErrors.invalidApiKey(SandboxConfig.STRIPE_SECRET_KEY);
      case 403 -> StripeErrors.withoutPermission(SandboxConfig.STRIPE_SECRET_KEY);
      // Stripe's error types are four (OpenAPI api_errors.type): a 429 is an invalid request.
      case 429 ->
          StripeErrors.error(
              429,
              "invalid_request_error",
              "rate_limit",
              null,
              "Too many requests hit the API too quickly.");
      default ->
          StripeErrors.error(
              status, "api_error", null, null, "Something went wrong on Stripe's end.");
    };
  }

  @Override
  public void reset() {
    intents.clear();
    idempotency.clear();
    authentications.clear();
  }
}

package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * KOMOJU's payments: a card token is captured at once; konbini and bank transfer are authorized and
 * wait for the customer; PayPay and Rakuten Pay (off-site redirects, JPY only) are pending until
 * the customer approves them on the page {@code payment_details.redirect_url} names.
 */
final class KomojuApi implements Gateway {

  static final String NAME = "komoju";
  private static final String PAYMENTS = "/api/v1/payments";

  /**
   * Test tokens that decline, each with the error code KOMOJU answers (HTTP 402): {@code
   * request_failed} is the one KOMOJU's error list documents; the others are what its card
   * processors are reported to answer (unconfirmed, see the wire formats).
   */
  private static final Map<String, String> DECLINING_TOKENS =
      Map.of(
          "tok_declined", "card_declined",
          "tok_insufficient_funds", "insufficient_funds",
          "tok_fraudulent", "fraudulent",
          "tok_request_failed", "request_failed");

  /** Paid off-site: pending, with a {@code redirect_url}, until the customer approves. */
  private static final Set<String> OFF_SITE = Set.of("paypay", "rakutenpay");

  private static final ZoneId JAPAN = ZoneId.of("Asia/Tokyo");

  private final Ledger ledger;
  private final SandboxUrls urls;
  private final Payments payments = new Payments();
  private final Replays replays = new Replays(Replays.WhileInFlight.CONFLICT);
  private final KomojuSecureTokens secureTokens;

  KomojuApi(Ledger ledger, SandboxUrls urls) {
    this.ledger = ledger;
    this.urls = urls;
    this.secureTokens = new KomojuSecureTokens(urls);
  }

  /** The secure tokens, for the issuer's page ({@link KomojuAuthenticationPage}). */
  KomojuSecureTokens secureTokens() {
    return secureTokens;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String matchKey(SandboxRequest request) {
    return request.header("X-KOMOJU-IDEMPOTENCY");
  }

  /**
   * A create: its {@code external_order_num}. A read, refund or cancel: the payment in the path
   * (KOMOJU's refund body names no order of ours but in its free-text description).
   */
  @Override
  public Optional<String> orderOf(SandboxRequest request) {
    if (request.is("POST", PAYMENTS)) {
      return OrderIds.of(Json.text(Json.parse(request.body()), "external_order_num"));
    }
    String id = request.idAfter("GET", PAYMENTS + "/");
    if (id == null) {
      id = request.idBetween("POST", PAYMENTS + "/", "/refund");
    }
    if (id == null) {
      id = request.idBetween("POST", PAYMENTS + "/", "/cancel");
    }
    return id == null ? Optional.empty() : orderOfPayment(id);
  }

  @Override
  public Optional<String> orderOfPayment(String id) {
    return payments
        .find(id)
        .flatMap(payment -> OrderIds.of(Json.text(payment, "external_order_num")));
  }

  @Override
  public SandboxResponse handle(SandboxRequest request) {
    if (!Credentials.valid(Credentials.basicUser(request), "sk_test_")) {
      return failure(401);
    }
    if (request.is("POST", PAYMENTS)) {
      return create(request);
    }
    if (request.is("POST", KomojuSecureTokens.URL)) {
      JsonNode body = Json.parse(request.body());
      if (body == null || !body.isObject()) {
        return error(400, "bad_request", "The request body must be a JSON object.", null);
      }
      SandboxResponse invalid = validateAmount(body);
      if (invalid != null) {
        return invalid;
      }
      return idempotent(
          request.header("X-KOMOJU-IDEMPOTENCY"),
          request.path() + body,
          () -> secureTokens.create(body));
    }
    String token = request.idAfter("GET", KomojuSecureTokens.URL + "/");
    if (token != null) {
      return secureTokens.read(token);
    }
    String refunded = request.idBetween("POST", PAYMENTS + "/", "/refund");
    if (refunded != null) {
      return refund(request, refunded);
    }
    String cancelled = request.idBetween("POST", PAYMENTS + "/", "/cancel");
    if (cancelled != null) {
      return idempotent(
          request.header("X-KOMOJU-IDEMPOTENCY"), request.path(), () -> cancel(cancelled));
    }
    if (request.is("GET", PAYMENTS)) {
      return list(request.queryParameters());
    }
    String id = request.idAfter("GET", PAYMENTS + "/");
    if (id != null) {
      return find(id)
          .map(payment -> SandboxResponse.json(200, payment))
          .orElseGet(() -> error(404, "not_found", "The requested payment was not found.", "id"));
    }
    return error(404, "not_found", "The requested resource was not found.", null);
  }

  @Override
  public boolean canBeAuthorizedBeforeAnswer(SandboxRequest request) {
    return request.is("POST", PAYMENTS);
  }

  /**
   * KOMOJU's {@code payment.authorized} for the konbini or bank transfer payment {@code answer}
   * created, sent before the answer: the sandbox's reading of a webhook that overtakes its answer.
   */
  @Override
  public void authorizeBeforeAnswer(SandboxResponse answer) {
    JsonNode payment = Json.parse(answer.body());
    if (answer.status() == 200
        && payment != null
        && "authorized".equals(payment.path("status").asText())) {
      ledger.retell(NAME, payment.path("id").asText());
    }
  }

  @Override
  public boolean answersWithPayment(SandboxRequest request) {
    return request.is("POST", PAYMENTS) || request.idAfter("GET", PAYMENTS + "/") != null;
  }

  @Override
  public Optional<ObjectNode> find(String id) {
    return payments.find(id);
  }

  /** KOMOJU keeps idempotency keys of at most 100 ASCII characters (doc.komoju.com). */
  private static final int MAX_KEY_LENGTH = 100;

  private SandboxResponse create(SandboxRequest request) {
    JsonNode body = Json.parse(request.body());
    if (body == null || !body.isObject()) {
      return error(400, "bad_request", "The request body must be a JSON object.", null);
    }
    SandboxResponse invalid = validate(body);
    if (invalid != null) {
      return invalid;
    }
    String key = request.header("X-KOMOJU-IDEMPOTENCY");
    return idempotent(key, body.toString(), () -> pay(body, key));
  }

  /** Runs {@code work} once per {@code X-KOMOJU-IDEMPOTENCY} key, as KOMOJU keeps keys. */
  private SandboxResponse idempotent(
      String key, String fingerprint, Supplier<SandboxResponse> work) {
    if (key != null && key.length() > MAX_KEY_LENGTH) {
      // KOMOJU's documented limit; the error code itself is not documented.
      return error(
          400,
          "bad_request",
          "The idempotency key must be at most 100 characters.",
          "X-KOMOJU-IDEMPOTENCY");
    }
    Replays.Outcome outcome = replays.execute(key, fingerprint, work);
    if (outcome.inFlight()) {
      return error(
          409,
          "conflict",
          "A request with this idempotency key is still being processed. Retry later.",
          null);
    }
    return outcome.response();
  }

  /**
   * {@code POST /payments/{id}/refund} with {@code {"amount":N,"description":"..."}} (JSON, or
   * form-encoded as KOMOJU's own examples send it); without an amount, all that is left. Answers
   * the payment with its refunds.
   */
  private SandboxResponse refund(SandboxRequest request, String id) {
    JsonNode body = Json.parse(request.body());
    Map<String, String> fields = new TreeMap<>();
    if (body != null && body.isObject()) {
      body.properties().forEach(field -> fields.put(field.getKey(), field.getValue().asText()));
    } else {
      fields.putAll(request.form());
    }
    String amount = fields.get("amount");
    if (amount != null && (!amount.matches("\\d{1,18}") || Long.parseLong(amount) < 1)) {
      return error(400, "invalid_parameter", "The amount must be a positive integer.", "amount");
    }
    return idempotent(
        request.header("X-KOMOJU-IDEMPOTENCY"),
        request.path() + fields,
        () ->
            refund(id, amount == null ? null : Long.parseLong(amount), fields.get("description")));
  }

  @Override
  public Optional<SandboxResponse> refusesRefund(SandboxRequest request) {
    return request.idBetween("POST", PAYMENTS + "/", "/refund") == null
        ? Optional.empty()
        : Optional.of(error(422, "unprocessable_entity", "The payment cannot be refunded.", null));
  }

  private SandboxResponse refund(String id, Long amount, String description) {
    if (payments.find(id).isEmpty()) {
      return error(404, "not_found", "The requested payment was not found.", "id");
    }
    Ledger.RefundOutcome outcome;
    try {
      outcome =
          ledger.refund(
              NAME, id, amount, (entry, refund) -> addRefund(id, refund, entry, description));
    } catch (IllegalArgumentException moreThanIsLeft) {
      return error(
          422,
          "unprocessable_entity",
          "The refund amount exceeds the amount that can be refunded.",
          "amount");
    }
    return outcome == Ledger.RefundOutcome.REFUNDED
        ? SandboxResponse.json(200, payments.find(id).orElseThrow())
        : error(422, "unprocessable_entity", "The payment cannot be refunded.", null);
  }

  private SandboxResponse validate(JsonNode body) {
    SandboxResponse invalid = validateAmount(body);
    if (invalid != null) {
      return invalid;
    }
    String currency = Json.text(body, "currency");
    JsonNode details = body.get("payment_details");
    if (details == null || details.isNull()) {
      return missing("payment_details");
    }
    if (details.isTextual()) {
      if (secureTokens.find(details.asText()).isPresent()) {
        return secureTokens.verifiedCard(details.asText()).isPresent()
            ? null
            : error(
                422,
                "unprocessable_entity",
                "The secure token has not been verified.",
                "payment_details");
      }
      return details.asText().startsWith("tok_")
          ? null
          : error(400, "invalid_token", "The token is invalid.", "payment_details");
    }
    return switch (details.path("type").asText()) {
      case "konbini" -> requireAll(details, "store", "email");
      case "bank_transfer" -> requireAll(details, "email", "family_name", "given_name");
      case "paypay" -> null;
      // JPY only; the code for another currency is the sandbox's choice (unconfirmed).
      case "rakutenpay" ->
          currency.equalsIgnoreCase("JPY")
              ? null
              : error(
                  400,
                  "invalid_parameter",
                  "The currency is not supported by this payment type.",
                  "currency");
      default ->
          error(
              400,
              "invalid_parameter",
              "The payment type is not supported.",
              "payment_details[type]");
    };
  }

  /** The amount and currency every create needs. */
  private static SandboxResponse validateAmount(JsonNode body) {
    JsonNode amount = body.get("amount");
    if (amount == null || amount.isNull()) {
      return missing("amount");
    }
    if (!(amount.canConvertToExactIntegral() || amount.asText().matches("\\d+"))
        || amount.asLong() < 1) {
      return error(400, "invalid_parameter", "The amount must be a positive integer.", "amount");
    }
    String currency = Json.text(body, "currency");
    if (currency == null) {
      return missing("currency");
    }
    if (!currency.matches("[A-Za-z]{3}")) {
      return error(400, "invalid_parameter", "The currency is not supported.", "currency");
    }
    return null;
  }

  private static SandboxResponse requireAll(JsonNode details, String... fields) {
    for (String field : fields) {
      if (details.path(field).asText("").isBlank()) {
        return missing("payment_details[" + field + "]");
      }
    }
    return null;
  }

  /**
   * {@code GET /api/v1/payments} (https://docs.komoju.com/en/api/resources/payments/, "List
   * Payments"): the payments created after {@code start_time} and before {@code end_time} (both ISO
   * 8601, both strict), newest first, {@code per_page} (10 by default) of {@code page} (1 by
   * default), with {@code total} and {@code last_page}; a payment's {@code amount} is what the
   * ledger says it took. No kinder than KOMOJU: a {@code per_page} under 1 is refused as KOMOJU
   * refuses it ({@code invalid_parameter}), and one over 100, which KOMOJU documents nowhere, too.
   */
  private SandboxResponse list(Map<String, String> query) {
    Instant start;
    Instant end;
    int page;
    int perPage;
    try {
      start = query.containsKey("start_time") ? Instant.parse(query.get("start_time")) : null;
      end = query.containsKey("end_time") ? Instant.parse(query.get("end_time")) : null;
      page = Integer.parseInt(query.getOrDefault("page", "1"));
      perPage = Integer.parseInt(query.getOrDefault("per_page", "10"));
    } catch (RuntimeException unreadable) {
      return error(400, "invalid_parameter", "A parameter could not be read.", null);
    }
    if (perPage < 1 || perPage > 100) {
      return error(400, "invalid_parameter", perPage + " must be between 1 and 100.", "per_page");
    }
    if (page < 1) {
      return error(400, "invalid_parameter", page + " must be greater than or equal to 1.", "page");
    }
    List<ObjectNode> found =
        payments.newestFirst(
            payment -> {
              Instant created = Instant.parse(payment.path("created_at").asText());
              return (start == null || created.isAfter(start))
                  && (end == null || created.isBefore(end));
            });
    ObjectNode answer = Json.object().put("resource", "list").put("total", found.size());
    answer.put("page", page).put("per_page", perPage);
    answer.put("last_page", (found.size() + perPage - 1) / perPage);
    com.fasterxml.jackson.databind.node.ArrayNode data = answer.putArray("data");
    found.stream()
        .skip((long) (page - 1) * perPage)
        .limit(perPage)
        .forEach(
            payment -> {
              ledger
                  .find(NAME, payment.path("id").asText())
                  .ifPresent(entry -> payment.put("amount", entry.amount()));
              data.add(payment);
            });
    return SandboxResponse.json(200, answer);
  }

  /**
   * A payment made in KOMOJU's dashboard for the order, without Ichido: captured at once, naming
   * the order in {@code external_order_num} as a person would type it.
   */
  @Override
  public String dashboardCharge(String order, long amount, String currency) {
    String id = Ids.lowercase("", 25);
    ObjectNode payment = Json.object();
    payment.put("id", id).put("resource", "payment").put("amount", amount).put("tax", 0);
    payment.put("total", amount).put("payment_method_fee", 0);
    payment.put("currency", currency.toUpperCase(Locale.ROOT));
    payment.put("external_order_num", "ORDER-" + order).put("created_at", now());
    payment.put("captured_at", now()).put("amount_refunded", 0).putArray("refunds");
    payment.putObject("metadata");
    payment.put("status", "captured").putNull("payment_deadline");
    payment.putObject("payment_details").put("type", "credit_card");
    payments.add(id, payment);
    ledger.record(
        LedgerEntry.created(NAME, id, null, order, amount, currency, "card", LedgerStatus.PAID));
    return id;
  }

  /** Runs once per idempotency key. */
  private SandboxResponse pay(JsonNode body, String key) {
    long amount = body.get("amount").asLong();
    String currency = body.get("currency").asText().toUpperCase(Locale.ROOT);
    String reference = Json.text(body, "external_order_num");
    String id = Ids.lowercase("", 25);
    JsonNode requested = body.get("payment_details");
    String method = requested.isTextual() ? "card" : requested.get("type").asText();
    // A secure token pays with the card behind it.
    String card =
        requested.isTextual()
            ? secureTokens.verifiedCard(requested.asText()).orElse(requested.asText())
            : null;
    String declineCode = card != null ? DECLINING_TOKENS.get(card) : null;
    ObjectNode payment = Json.object();
    payment.put("id", id).put("resource", "payment").put("amount", amount).put("tax", 0);
    payment.put("total", amount).put("payment_method_fee", 0).put("currency", currency);
    payment.put("external_order_num", reference).put("created_at", now());
    payment.putNull("captured_at").put("amount_refunded", 0).putArray("refunds");
    payment.set("metadata", body.has("metadata") ? body.get("metadata") : Json.object());
    ObjectNode details = payment.putObject("payment_details");
    LedgerStatus status;
    if (declineCode != null) {
      // The attempt took no money but happened: KOMOJU keeps the failed payment (GET shows it),
      // the ledger shows it, the replay repeats the 402.
      payment.put("status", "failed").putNull("payment_deadline");
      details.put("type", "credit_card").put("brand", "visa").put("last_four_digits", "0002");
      payments.add(id, payment);
      ledger.record(
          LedgerEntry.created(
              NAME, id, key, reference, amount, currency, method, LedgerStatus.FAILED));
      return error(402, declineCode, "The payment could not be completed.", null);
    }
    if (method.equals("card")) {
      payment.put("status", "captured").put("captured_at", now()).putNull("payment_deadline");
      details.put("type", "credit_card").put("brand", "visa").put("last_four_digits", "4242");
      details.put("month", 12).put("year", LocalDate.now(JAPAN).getYear() + 3);
      status = LedgerStatus.PAID;
    } else {
      payment.put("status", OFF_SITE.contains(method) ? "pending" : "authorized");
      payment.put("payment_deadline", deadline());
      describe(details, method, requested, id);
      status = LedgerStatus.PENDING;
    }
    payments.add(id, payment);
    ledger.record(LedgerEntry.created(NAME, id, key, reference, amount, currency, method, status));
    return SandboxResponse.json(200, payment);
  }

  private void describe(ObjectNode details, String method, JsonNode requested, String id) {
    details.put("type", method).put("email", Json.text(requested, "email"));
    switch (method) {
      case "konbini" -> {
        details.put("store", requested.get("store").asText());
        details.put("confirmation_code", Ids.digits(6)).put("receipt", Ids.digits(11));
        details.put("instructions_url", urls.customerPage(NAME, id));
      }
      case "bank_transfer" -> {
        details.put("bank_name", "Sandbox Bank").put("branch_name", "Ichido Branch");
        details.put("account_type", "普通").put("account_number", Ids.digits(7));
        details.put("account_name", "イチドサンドボックス");
        details.put("instructions_url", urls.customerPage(NAME, id));
      }
      default -> details.put("redirect_url", urls.customerPage(NAME, id));
    }
  }

  /** Like KOMOJU's konbini deadlines: the end of the day, Japan time, three days on. */
  private static String deadline() {
    return LocalDate.now(JAPAN)
        .plusDays(3)
        .atTime(23, 59, 59)
        .atZone(JAPAN)
        .withZoneSameInstant(ZoneOffset.UTC)
        .toInstant()
        .toString();
  }

  @Override
  public Settlement.Outcome settle(String id, Settlement settlement) {
    Settlement.Outcome outcome =
        payments.change(
            id,
            payment -> {
              String status = payment.path("status").asText();
              return status.equals("authorized") || status.equals("pending");
            },
            payment -> {
              if (settlement == Settlement.COMPLETE) {
                payment.put("status", "captured").put("captured_at", now());
              } else {
                payment.put("status", "expired");
              }
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, settlement.ledgerStatus());
    }
    return outcome;
  }

  /**
   * {@code POST /payments/{id}/cancel}: KOMOJU cancels only a pending or authorized payment; the
   * error for any other is the sandbox's choice (422).
   */
  private SandboxResponse cancel(String id) {
    Settlement.Outcome outcome =
        payments.change(
            id,
            payment -> Set.of("pending", "authorized").contains(payment.path("status").asText()),
            payment -> payment.put("status", "cancelled"));
    return switch (outcome) {
      case UNKNOWN_PAYMENT -> error(404, "not_found", "The requested payment was not found.", "id");
      case NOT_PENDING ->
          error(
              422,
              "unprocessable_entity",
              "Only a pending or authorized payment can be cancelled.",
              null);
      case SETTLED -> {
        ledger.update(NAME, id, LedgerStatus.CANCELLED);
        yield SandboxResponse.json(200, payments.find(id).orElseThrow());
      }
    };
  }

  /** A failed, expired or waiting payment is captured; a cancelled one never is. */
  @Override
  public Settlement.Outcome succeedLate(String id) {
    Settlement.Outcome outcome =
        payments.change(
            id,
            payment ->
                Set.of("failed", "expired", "pending", "authorized")
                    .contains(payment.path("status").asText()),
            payment -> payment.put("status", "captured").put("captured_at", now()));
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, LedgerStatus.PAID);
    }
    return outcome;
  }

  /**
   * {@code amount_refunded} counts all refunds, {@code refunds} lists them; the status becomes
   * {@code refunded} once nothing is left (a partly refunded payment stays {@code captured}).
   */
  @Override
  public void refunded(String id, long refund, LedgerEntry entry) {
    addRefund(id, refund, entry, null);
  }

  private void addRefund(String id, long refund, LedgerEntry entry, String description) {
    payments.change(
        id,
        payment -> true,
        payment -> {
          ObjectNode made = ((ArrayNode) payment.get("refunds")).addObject();
          made.put("id", Ids.lowercase("", 25)).put("resource", "refund").put("amount", refund);
          made.put("currency", entry.currency()).put("payment", id).put("description", description);
          made.put("created_at", now()).put("chargeback", false);
          payment.put("amount_refunded", entry.amountRefunded());
          if (entry.status() == LedgerStatus.REFUNDED) {
            payment.put("status", "refunded");
          }
        });
  }

  @Override
  public SandboxResponse failure(int status) {
    return switch (status) {
      case 401 -> error(401, "unauthorized", "User authorization failed", null);
      case 403 -> error(403, "forbidden", "You are not authorized to perform that action", null);
      case 429 -> error(429, "too_many_requests", "Too many requests.", null);
      case 503 ->
          error(503, "service_unavailable", "The service is temporarily unavailable.", null);
      default -> error(status, "internal_server_error", "An internal error occurred.", null);
    };
  }

  @Override
  public void reset() {
    payments.clear();
    replays.clear();
    secureTokens.reset();
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  private static SandboxResponse missing(String param) {
    return error(
        400, "missing_parameter", "A required parameter (" + param + ") is missing.", param);
  }

  private static SandboxResponse error(int status, String code, String message, String param) {
    ObjectNode error = Json.object().put("code", code).put("message", message);
    error.put("param", param);
    return SandboxResponse.json(status, Json.object().set("error", error));
  }
}

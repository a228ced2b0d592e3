package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Omise's charges with a card token. A decline is an ordinary 200 answer with {@code
 * status=failed}; a 3-D Secure token leaves the charge pending until the customer opens its {@code
 * authorize_uri}. No official Omise material says {@code POST /charges} honours an {@code
 * Idempotency-Key}, so here it does not (every request charges), unless the JVM runs with {@code
 * -Dichido.sandbox.omise-honours-idempotency-key=true}. The Search API ({@code GET
 * /search?scope=charge&query=...}) finds charges whose id, description or metadata contain the
 * query. A refund keeps the {@code metadata} it was made with, and {@code GET
 * /charges/{id}/refunds} lists a charge's refunds (docs.opn.ooo/refunds-api, "List refunds";
 * omise-java {@code Refund.ListRequestBuilder}); a refund made in the dashboard ({@code POST
 * /_sandbox/payments/omise/{id}/refund}) carries none.
 */
final class OmiseApi implements Gateway {

  static final String NAME = "omise";
  private static final String CHARGES = "/charges";
  private static final String SEARCH = "/search";
  private static final String REFUNDS = "/refunds";
  private static final int MAX_PER_PAGE = 100;
  private static final String DECLINING_TOKEN = "tokn_test_declined";
  private static final String THREE_D_SECURE_TOKEN = "tokn_test_3ds";

  /**
   * A card whose issuer challenges: the {@code authorize_uri} waits for the customer to
   * authenticate or to fail ({@link OmiseAuthorizePage}); {@code tokn_test_3ds} passes at once.
   * Omise documents no test tokens of either kind (its test accounts put every card through 3-D
   * Secure once switched on): the sandbox names both.
   */
  private static final String CHALLENGE_TOKEN = "tokn_test_3ds_challenge";

  private final Ledger ledger;
  private final SandboxUrls urls;
  private final Payments charges = new Payments();
  private final Replays replays = new Replays(Replays.WhileInFlight.WAIT);
  private final boolean honoursIdempotencyKey;
  private final Set<String> challenged = ConcurrentHashMap.newKeySet();

  /** Per 3-D Secure charge, how long it reads pending after its page sent the customer back. */
  private final Map<String, Long> lagsAfterReturn = new ConcurrentHashMap<>();

  OmiseApi(Ledger ledger, SandboxUrls urls, boolean honoursIdempotencyKey) {
    this.ledger = ledger;
    this.urls = urls;
    this.honoursIdempotencyKey = honoursIdempotencyKey;
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
   * A create: its {@code metadata[reference]}, else its {@code metadata[order_id]}, else its {@code
   * description} when that is our reference. A read, refund or expire: the charge in the path. A
   * search: its query, when that is our reference (Ichido searches by it).
   */
  @Override
  public Optional<String> orderOf(SandboxRequest request) {
    if (request.is("POST", CHARGES)) {
      Map<String, String> form = request.form();
      Map<String, String> metadata = Form.nested(form, "metadata");
      return order(metadata.get("reference"), metadata.get("order_id"), form.get("description"));
    }
    if (request.is("GET", SEARCH)) {
      return OrderIds.ofReference(request.queryParameters().get("query"));
    }
    String id = request.idAfter("GET", CHARGES + "/");
    if (id == null) {
      id = request.idBetween("POST", CHARGES + "/", REFUNDS);
    }
    if (id == null) {
      id = request.idBetween("GET", CHARGES + "/", REFUNDS);
    }
    if (id == null) {
      id = request.idBetween("POST", CHARGES + "/", "/expire");
    }
    return id == null ? Optional.empty() : orderOfPayment(id);
  }

  @Override
  public Optional<String> orderOfPayment(String id) {
    return charges
        .find(id)
        .flatMap(
            charge ->
                order(
                    Json.text(charge.path("metadata"), "reference"),
                    Json.text(charge.path("metadata"), "order_id"),
                    Json.text(charge, "description")));
  }

  private static Optional<String> order(String reference, String orderId, String description) {
    return OrderIds.ofReference(reference)
        .or(() -> OrderIds.of(orderId))
        .or(() -> OrderIds.ofReference(description));
  }

  @Override
  public SandboxResponse handle(SandboxRequest request) {
    if (!Credentials.valid(Credentials.basicUser(request), "skey_test_")) {
      return error(401, "authentication_failure", "authentication failed");
    }
    if (request.is("POST", CHARGES)) {
      return create(request);
    }
    String refunded = request.idBetween("POST", CHARGES + "/", REFUNDS);
    if (refunded != null) {
      return refund(request, refunded);
    }
    String expired = request.idBetween("POST", CHARGES + "/", "/expire");
    if (expired != null) {
      // Omise expires only charges of some redirect-based sources; every charge here is a card's.
      return charges.find(expired).isEmpty()
          ? error(404, "not_found", "charge " + expired + " was not found")
          : error(400, "failed_expire", "expire failed");
    }
    if (request.is("GET", SEARCH)) {
      return search(request.queryParameters());
    }
    String listed = request.idBetween("GET", CHARGES + "/", REFUNDS);
    if (listed != null) {
      return refunds(listed, request.queryParameters());
    }
    if (request.is("GET", CHARGES)) {
      return list(request.queryParameters());
    }
    String id = request.idAfter("GET", CHARGES + "/");
    if (id != null) {
      return find(id)
          .map(charge -> SandboxResponse.json(200, charge))
          .orElseGet(() -> error(404, "not_found", "charge " + id + " was not found"));
    }
    return error(404, "not_found", "path not found");
  }

  @Override
  public boolean createsPayment(SandboxRequest request) {
    return request.is("POST", CHARGES);
  }

  @Override
  public void searchDelay(long millis) {
    charges.searchDelay(millis);
  }

  @Override
  public boolean answersWithPayment(SandboxRequest request) {
    return request.is("POST", CHARGES) || request.idAfter("GET", CHARGES + "/") != null;
  }

  @Override
  public Optional<ObjectNode> find(String id) {
    return charges.find(id);
  }

  private SandboxResponse create(SandboxRequest request) {
    Map<String, String> form = request.form();
    SandboxResponse invalid = validate(form);
    if (invalid != null) {
      return invalid;
    }
    String key = request.header("Idempotency-Key");
    return replays
        .execute(honoursIdempotencyKey ? key : null, Form.canonical(form), () -> charge(form, key))
        .response();
  }

  /**
   * {@code POST /charges/{id}/refunds} ({@code amount} required, {@code metadata[...]}): the
   * refund, counted in the ledger, bounded by what is left. Like charges, the {@code
   * Idempotency-Key} is honoured only under the sandbox's option; otherwise every request refunds.
   */
  private SandboxResponse refund(SandboxRequest request, String id) {
    Map<String, String> form = request.form();
    String amount = form.get("amount");
    if (amount == null) {
      return error(400, "bad_request", "amount is required");
    }
    if (!amount.matches("\\d{1,18}") || Long.parseLong(amount) < 1) {
      return error(400, "invalid_amount", "amount must be greater than 0");
    }
    String key = honoursIdempotencyKey ? request.header("Idempotency-Key") : null;
    return replays
        .execute(
            key,
            request.path() + Form.canonical(form),
            () -> refund(id, Long.parseLong(amount), Form.nested(form, "metadata")))
        .response();
  }

  private SandboxResponse refund(String id, long amount, Map<String, String> metadata) {
    if (charges.find(id).isEmpty()) {
      return error(404, "not_found", "charge " + id + " was not found");
    }
    ObjectNode[] made = new ObjectNode[1];
    Ledger.RefundOutcome outcome;
    try {
      outcome =
          ledger.refund(
              NAME,
              id,
              amount,
              (entry, refund) -> made[0] = addRefund(id, refund, entry, metadata));
    } catch (IllegalArgumentException moreThanIsLeft) {
      return error(400, "invalid_amount", "amount is greater than the refundable amount");
    }
    return outcome == Ledger.RefundOutcome.REFUNDED
        ? SandboxResponse.json(200, made[0])
        : error(400, "bad_request", "charge " + id + " is not refundable");
  }

  /**
   * {@code GET /charges/{id}/refunds}: Omise's list of a charge's refunds, each as it was made (its
   * {@code metadata} included), paged by {@code offset} (from 0) and {@code limit} (1 to 100, 20
   * unless given), {@code order} {@code chronological} (unless given) or {@code
   * reverse_chronological} (docs.opn.ooo/refunds-api, "List refunds"; the list object as
   * omise-java's {@code ScopedList}: {@code from}, {@code to}, {@code offset}, {@code limit},
   * {@code total}, {@code order}, {@code location}, {@code data}). An unknown charge 404 {@code
   * not_found}.
   */
  private SandboxResponse refunds(String id, Map<String, String> query) {
    Optional<ObjectNode> charge = charges.find(id);
    if (charge.isEmpty()) {
      return error(404, "not_found", "charge " + id + " was not found");
    }
    int offset;
    int limit;
    try {
      offset = Integer.parseInt(query.getOrDefault("offset", "0"));
      limit = Integer.parseInt(query.getOrDefault("limit", "20"));
    } catch (NumberFormatException e) {
      return error(400, "bad_request", "offset and limit must be numbers");
    }
    String order = query.getOrDefault("order", "chronological");
    if (offset < 0 || limit < 1 || limit > MAX_PER_PAGE) {
      return error(400, "bad_request", "offset or limit out of range");
    }
    if (!order.equals("chronological") && !order.equals("reverse_chronological")) {
      return error(400, "bad_request", "order is not supported");
    }
    List<JsonNode> made = new ArrayList<>();
    charge.get().path("refunds").path("data").forEach(made::add);
    if (order.equals("reverse_chronological")) {
      Collections.reverse(made);
    }
    ObjectNode list = Json.object().put("object", "list");
    list.put("from", "1970-01-01T00:00:00Z").put("to", now());
    list.put("offset", offset).put("limit", limit).put("total", made.size());
    list.put("order", order).put("location", CHARGES + "/" + id + REFUNDS);
    ArrayNode data = list.putArray("data");
    made.stream().skip(offset).limit(limit).forEach(data::add);
    return SandboxResponse.json(200, list);
  }

  /** Omise's Search API over charges, newest first, paged by {@code page} and {@code per_page}. */
  private SandboxResponse search(Map<String, String> query) {
    if (!"charge".equals(query.get("scope"))) {
      return error(400, "bad_request", "scope is not supported");
    }
    String text = query.getOrDefault("query", "");
    int page;
    int perPage;
    try {
      page = Integer.parseInt(query.getOrDefault("page", "1"));
      perPage = Integer.parseInt(query.getOrDefault("per_page", "30"));
    } catch (NumberFormatException e) {
      return error(400, "bad_request", "page and per_page must be numbers");
    }
    if (page < 1 || perPage < 1 || perPage > MAX_PER_PAGE) {
      return error(400, "bad_request", "page or per_page out of range");
    }
    List<ObjectNode> found = charges.newestFirst(charge -> matches(charge, text));
    ObjectNode answer = Json.object().put("object", "search").put("scope", "charge");
    answer.put("location", SEARCH).put("query", text).put("order", "reverse_chronological");
    answer.set("filters", Json.object());
    answer.put("page", page).put("per_page", perPage).put("total", found.size());
    answer.put("total_pages", (found.size() + perPage - 1) / perPage);
    answer.putNull("export");
    ArrayNode data = answer.putArray("data");
    found.stream().skip((long) (page - 1) * perPage).limit(perPage).forEach(data::add);
    return SandboxResponse.json(200, answer);
  }

  /**
   * {@code GET /charges} (https://docs.omise.co/charges-api): the charges created from {@code from}
   * to {@code to} (ISO 8601, both counted; by default all until now), {@code limit} (20 by default,
   * at most 100) from {@code offset}, {@code chronological} (the default) or {@code
   * reverse_chronological}, with the {@code total} between from and to
   * (https://docs.omise.co/api-pagination). A charge's {@code amount} is what the ledger says it
   * took, an amount changed at the gateway included. No kinder than Omise: a limit over 100 or a
   * date it cannot read is refused.
   */
  private SandboxResponse list(Map<String, String> query) {
    Instant from;
    Instant to;
    int offset;
    int limit;
    try {
      from = Instant.parse(query.getOrDefault("from", "1970-01-01T00:00:00Z"));
      to = query.containsKey("to") ? Instant.parse(query.get("to")) : Instant.now();
      offset = Integer.parseInt(query.getOrDefault("offset", "0"));
      limit = Integer.parseInt(query.getOrDefault("limit", "20"));
    } catch (RuntimeException unreadable) {
      return error(400, "bad_request", "invalid pagination parameters");
    }
    String order = query.getOrDefault("order", "chronological");
    if (offset < 0
        || limit < 1
        || limit > MAX_PER_PAGE
        || !List.of("chronological", "reverse_chronological").contains(order)) {
      return error(400, "bad_request", "invalid pagination parameters");
    }
    List<ObjectNode> found =
        new java.util.ArrayList<>(
            charges.newestFirst(
                charge -> {
                  Instant created = Instant.parse(charge.path("created_at").asText());
                  return !created.isBefore(from) && !created.isAfter(to);
                }));
    if (order.equals("chronological")) {
      java.util.Collections.reverse(found);
    }
    ObjectNode answer = Json.object().put("object", "list");
    answer.put("from", from.toString()).put("to", to.toString());
    answer.put("offset", offset).put("limit", limit).put("total", found.size());
    answer.put("order", order).put("location", CHARGES);
    ArrayNode data = answer.putArray("data");
    found.stream()
        .skip(offset)
        .limit(limit)
        .forEach(
            charge -> {
              ledger
                  .find(NAME, charge.path("id").asText())
                  .ifPresent(entry -> charge.put("amount", entry.amount()));
              data.add(charge);
            });
    return SandboxResponse.json(200, answer);
  }

  /**
   * A charge made in Omise's dashboard for the order, without Ichido: successful at once, naming
   * the order in its metadata as a person would type it.
   */
  @Override
  public String dashboardCharge(String order, long amount, String currency) {
    String id = Ids.lowercase("chrg_test_", 19);
    ObjectNode charge = Json.object();
    charge.put("object", "charge").put("id", id).put("livemode", false);
    charge.put("location", CHARGES + "/" + id).put("amount", amount);
    charge.put("currency", currency.toUpperCase(Locale.ROOT)).put("capture", true);
    charge.putNull("description").putNull("return_uri").putNull("authorize_uri");
    charge.putNull("failure_code").putNull("failure_message");
    charge.putNull("transaction").putNull("paid_at");
    charge.put("refunded_amount", 0).put("refundable", false);
    ObjectNode refunds = charge.putObject("refunds").put("object", "list").put("total", 0);
    refunds.put("location", CHARGES + "/" + id + "/refunds").putArray("data");
    charge.put("created_at", now());
    charge.putObject("metadata").put("order_id", order);
    markPaid(charge);
    charges.add(id, charge);
    ledger.record(
        LedgerEntry.created(NAME, id, null, order, amount, currency, "card", LedgerStatus.PAID));
    return id;
  }

  private static boolean matches(ObjectNode charge, String text) {
    if (text.isEmpty()) {
      return true;
    }
    if (charge.path("id").asText().contains(text)
        || charge.path("description").asText().contains(text)) {
      return true;
    }
    for (JsonNode value : charge.path("metadata")) {
      if (value.asText().contains(text)) {
        return true;
      }
    }
    return false;
  }

  private static SandboxResponse validate(Map<String, String> form) {
    String amount = form.get("amount");
    if (amount == null) {
      return error(400, "invalid_charge", "amount is required");
    }
    try {
      if (Long.parseLong(amount) < 1) {
        return error(400, "invalid_charge", "amount must be greater than 0");
      }
    } catch (NumberFormatException e) {
      return error(400, "invalid_charge", "amount is not a number");
    }
    if (form.get("currency") == null || !form.get("currency").matches("[A-Za-z]{3}")) {
      return error(400, "invalid_charge", "currency is currently not supported");
    }
    String card = form.get("card");
    if (card == null || card.isBlank()) {
      return error(400, "invalid_charge", "card is required");
    }
    if (!card.startsWith("tokn_")) {
      return error(404, "not_found", "token was not found");
    }
    if ((card.equals(THREE_D_SECURE_TOKEN) || card.equals(CHALLENGE_TOKEN))
        && form.get("return_uri") == null) {
      return error(400, "invalid_charge", "return_uri is required for 3-D Secure");
    }
    return null;
  }

  /** Runs once per idempotency key. */
  private SandboxResponse charge(Map<String, String> form, String key) {
    long amount = Long.parseLong(form.get("amount"));
    String currency = form.get("currency").toUpperCase(Locale.ROOT);
    String token = form.get("card");
    String id = Ids.lowercase("chrg_test_", 19);
    ObjectNode charge = Json.object();
    charge.put("object", "charge").put("id", id).put("livemode", false);
    charge.put("location", CHARGES + "/" + id).put("amount", amount).put("currency", currency);
    charge.put("description", form.get("description")).put("capture", true);
    charge.put("return_uri", form.get("return_uri"));
    charge.putNull("authorize_uri").putNull("failure_code").putNull("failure_message");
    charge.putNull("transaction").putNull("paid_at");
    charge.put("refunded_amount", 0).put("refundable", false);
    ObjectNode refunds = charge.putObject("refunds").put("object", "list").put("total", 0);
    refunds.put("location", CHARGES + "/" + id + "/refunds").putArray("data");
    charge.put("created_at", now());
    ObjectNode card = charge.putObject("card").put("object", "card");
    card.put("id", Ids.lowercase("card_test_", 19)).put("brand", "Visa").put("last_digits", "4242");
    ObjectNode metadata = charge.putObject("metadata");
    Form.nested(form, "metadata").forEach(metadata::put);
    LedgerStatus status;
    if (token.equals(DECLINING_TOKEN)) {
      charge.put("status", "failed").put("paid", false).put("authorized", false);
      charge.put("failure_code", "insufficient_fund");
      charge.put(
          "failure_message",
          "insufficient funds in the account or the card has reached the credit limit");
      status = LedgerStatus.FAILED;
    } else if (token.equals(THREE_D_SECURE_TOKEN) || token.equals(CHALLENGE_TOKEN)) {
      charge.put("status", "pending").put("paid", false).put("authorized", false);
      charge.put("authorize_uri", urls.omiseAuthorize(id));
      if (token.equals(CHALLENGE_TOKEN)) {
        challenged.add(id);
      }
      status = LedgerStatus.PENDING;
    } else {
      markPaid(charge);
      status = LedgerStatus.PAID;
    }
    charges.add(id, charge);
    ledger.record(
        LedgerEntry.created(
            NAME,
            id,
            key,
            metadata.path("order_id").asText(null),
            amount,
            currency,
            "card",
            status));
    return SandboxResponse.json(200, charge);
  }

  private static void markPaid(ObjectNode charge) {
    charge.put("status", "successful").put("paid", true).put("authorized", true);
    charge.put("refundable", true);
    charge.put("transaction", Ids.lowercase("trxn_test_", 19)).put("paid_at", now());
  }

  @Override
  public Settlement.Outcome settle(String id, Settlement settlement) {
    Settlement.Outcome outcome =
        charges.change(
            id,
            charge -> "pending".equals(charge.path("status").asText()),
            charge -> {
              if (settlement == Settlement.COMPLETE) {
                markPaid(charge);
              } else {
                charge.put("status", "expired").put("expired", true);
              }
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, settlement.ledgerStatus());
    }
    return outcome;
  }

  @Override
  public boolean canLagAfterReturn(SandboxRequest request) {
    if (!request.is("POST", CHARGES)) {
      return false;
    }
    String card = request.form().get("card");
    return THREE_D_SECURE_TOKEN.equals(card) || CHALLENGE_TOKEN.equals(card);
  }

  @Override
  public void lagAfterReturn(SandboxResponse answer, long millis) {
    JsonNode charge = Json.parse(answer.body());
    String id = charge == null ? null : Json.text(charge, "id");
    if (answer.status() == 200 && id != null) {
      lagsAfterReturn.put(id, millis);
    }
  }

  /**
   * The customer's 3-D Secure is over at the authorize page ({@code passed} or not): the charge
   * completes or fails now, or, under {@link FaultMode#PENDING_AFTER_RETURN}, that long after the
   * page sent the customer back; reads, searches and the webhook all wait for it alike.
   */
  void authenticated(String id, boolean passed) {
    Runnable outcome =
        passed ? () -> settle(id, Settlement.COMPLETE) : () -> failAuthentication(id);
    Long lag = lagsAfterReturn.remove(id);
    if (lag == null) {
      outcome.run();
    } else {
      CompletableFuture.delayedExecutor(lag, TimeUnit.MILLISECONDS).execute(outcome);
    }
  }

  /** Whether the charge's issuer challenges the customer before 3-D Secure passes. */
  boolean challenges(String id) {
    return challenged.contains(id);
  }

  /**
   * The customer failed the issuer's challenge: the pending charge fails, nothing is taken. Which
   * {@code failure_code} Omise gives a failed authentication is not documented; the sandbox uses
   * its general {@code failed_processing}.
   */
  private void failAuthentication(String id) {
    Settlement.Outcome outcome =
        charges.change(
            id,
            charge -> "pending".equals(charge.path("status").asText()),
            charge -> {
              charge.put("status", "failed").put("paid", false).put("authorized", false);
              charge.put("failure_code", "failed_processing");
              charge.put("failure_message", "3-D Secure authentication failed");
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, LedgerStatus.FAILED);
    }
  }

  /** A failed, pending or expired charge becomes successful, its failure forgotten. */
  @Override
  public Settlement.Outcome succeedLate(String id) {
    Settlement.Outcome outcome =
        charges.change(
            id,
            charge ->
                Set.of("failed", "pending", "expired").contains(charge.path("status").asText()),
            charge -> {
              markPaid(charge);
              charge.putNull("failure_code").putNull("failure_message").put("expired", false);
            });
    if (outcome == Settlement.Outcome.SETTLED) {
      ledger.update(NAME, id, LedgerStatus.PAID);
    }
    return outcome;
  }

  /**
   * {@code refunded_amount} (API version 2019-05-29, which renamed the older {@code refunded})
   * counts all refunds, {@code refunds} lists them; the status stays {@code successful} and {@code
   * refundable} turns false when nothing is left.
   */
  @Override
  public void refunded(String id, long refund, LedgerEntry entry) {
    addRefund(id, refund, entry, Map.of());
  }

  /** Lists a refund of {@code refund} on the charge; a copy of it. */
  private ObjectNode addRefund(
      String id, long refund, LedgerEntry entry, Map<String, String> metadata) {
    ObjectNode[] made = new ObjectNode[1];
    charges.change(
        id,
        charge -> true,
        charge -> {
          ObjectNode refunds = (ObjectNode) charge.get("refunds");
          String refundId = Ids.lowercase("rfnd_test_", 19);
          ObjectNode added = ((ArrayNode) refunds.get("data")).addObject().put("object", "refund");
          added
              .put("id", refundId)
              .put("location", refunds.get("location").asText() + "/" + refundId);
          added.put("amount", refund).put("currency", entry.currency()).put("charge", id);
          added.put("transaction", Ids.lowercase("trxn_test_", 19)).put("voided", false);
          ObjectNode data = added.putObject("metadata");
          metadata.forEach(data::put);
          added.put("created_at", now());
          refunds.put("total", refunds.get("data").size());
          charge.put("refunded_amount", entry.amountRefunded());
          charge.put("refundable", entry.status() != LedgerStatus.REFUNDED);
          made[0] = added.deepCopy();
        });
    return made[0];
  }

  @Override
  public SandboxResponse failure(int status) {
    return switch (status) {
      case 401 -> error(401, "authentication_failure", "authentication failed");
      // Opn documents a 403 section whose code could not be read; its own Magento plugin knows
      // not_authorized, and no Opn material names anything like forbidden.
      case 403 ->
          error(403, "not_authorized", "An attempt was made to perform an unauthorized action.");
      case 429 -> error(429, "too_many_requests", "too many requests");
      case 503 -> error(503, "service_unavailable", "service is temporarily unavailable");
      default ->
          error(
              status, "internal_error", "request could not be completed due to an internal error");
    };
  }

  @Override
  public void reset() {
    charges.clear();
    replays.clear();
    lagsAfterReturn.clear();
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  private static SandboxResponse error(int status, String code, String message) {
    ObjectNode error = Json.object().put("object", "error");
    error.put("location", "https://www.omise.co/api-errors#" + code.replace('_', '-'));
    error.put("code", code).put("message", message);
    return SandboxResponse.json(status, error);
  }
}

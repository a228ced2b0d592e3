package io.ichido.payments.gateway.omise;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.control.GatewayMovement;
import io.ichido.payments.control.GatewayRefundAnswer;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewaySettings;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.ListedRefunds;
import io.ichido.payments.control.PaymentGateway;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.control.ReturnRereads;
import io.ichido.payments.control.SentUnconfirmed;
import io.ichido.payments.control.UnheardWord;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.payments.gateway.Gateway;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Form;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Omise charges over MicroProfile Rest Client (Omise's Java SDK cannot be pointed at another host).
 * Cards only here; 3-D Secure answers {@code pending} with an {@code authorize_uri}.
 */
@ApplicationScoped
@Gateway(value = OmiseGateway.NAME, listed = 2)
public class OmiseGateway implements PaymentGateway {

  static final String NAME = "omise";
  private static final String VERSION = "2019-05-29";
  private static final int SEARCH_PAGE = 100;
  private static final int MAX_SEARCH_PAGES = 5;
  private static final int LIST_PAGE = 100;
  private static final int MAX_LIST_PAGES = 1000;

  /** The metadata key a refund of ours carries our refund key under. */
  static final String REFUND_KEY = "refund_key";

  @Inject GatewaySettings settings;

  // Set by connect(); package-private so that a test can give the adapter a client of its own.
  OmiseApi omise;
  String authorization;

  @PostConstruct
  void connect() {
    omise = GatewayHttp.client(OmiseApi.class, settings.baseUrl(NAME), settings);
    authorization = GatewayHttp.basic(settings.secretKey(NAME));
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
    Form charge =
        new Form()
            .param("amount", Long.toString(command.amount()))
            .param("currency", command.currency())
            .param("card", command.token())
            .param("description", command.reference())
            .param("metadata[order_id]", Long.toString(command.orderId()))
            .param("metadata[reference]", command.reference());
    if (command.returnUrl() != null) {
      charge.param("return_uri", command.returnUrl());
    }
    Answer answer;
    try {
      answer =
          GatewayHttp.call(
              NAME, () -> omise.createCharge(authorization, command.gatewayKey(), VERSION, charge));
    } catch (GatewayUnavailable noAnswer) {
      if (settings.keysHonoured(NAME) || noAnswer.neverProcessed()) {
        throw noAnswer;
      }
      throw new SentUnconfirmed(NAME, noAnswer);
    }
    return interpret(answer, false);
  }

  /**
   * Searches for the charge by our reference, which every charge carries as its description and in
   * its metadata; only a charge whose metadata names the reference counts (the search matches
   * substrings). A successful charge wins over a failed one.
   */
  @Override
  public Optional<GatewayCharge> lookup(String reference, long orderId) {
    List<GatewayCharge> found = new ArrayList<>();
    for (int page = 1; page <= MAX_SEARCH_PAGES; page++) {
      int current = page;
      Answer searched =
          GatewayHttp.call(
              NAME,
              () ->
                  omise.search(
                      authorization,
                      VERSION,
                      "charge",
                      reference,
                      "reverse_chronological",
                      current,
                      SEARCH_PAGE));
      GatewayHttp.requireAccepted(NAME, searched, GatewayHttp.text(searched.body(), "code"));
      JsonNode result = searched.body();
      if (!"search".equals(GatewayHttp.text(result, "object"))) {
        throw new GatewayUnavailable(NAME, "search answered no search result", null);
      }
      for (JsonNode charge : result.path("data")) {
        if (reference.equals(charge.path("metadata").path("reference").asText(null))) {
          found.add(interpret(charge, false));
        }
      }
      if (page >= result.path("total_pages").asInt(1)) {
        return found.stream()
            .min(Comparator.comparing(charge -> charge.status() != ChargeStatus.SUCCEEDED));
      }
    }
    throw new GatewayUnavailable(NAME, "too many charges match " + reference, null);
  }

  /**
   * Read back only for a charge Omise once sent to its {@code authorize_uri} (the customer's
   * return, the abandonment sweep, a webhook's read-back) or one already settled: {@code pending}
   * then still waits on the customer, where the attempt kept the page to continue on.
   */
  @Override
  public GatewayCharge retrieve(String chargeId) {
    return interpret(
        GatewayHttp.call(NAME, () -> omise.retrieveCharge(authorization, VERSION, chargeId)), true);
  }

  /**
   * Omise sends the customer to {@code return_uri} only once 3-D Secure is over, but its charge may
   * still read {@code pending} for a moment: read again as Opn's own WooCommerce plugin does (up to
   * 5 times, 0.5 s apart: {@code class-omise-callback.php} {@code fetchCharge}), then processing.
   */
  @Override
  public ReturnRereads returnRereads() {
    return new ReturnRereads(4, Duration.ofMillis(500));
  }

  @Override
  public boolean listsMovements() {
    return true;
  }

  /**
   * Omise's charges created in the window, {@code GET /charges} with {@code from} and {@code to}
   * (https://docs.omise.co/charges-api), oldest first, {@code limit} 100 a page from {@code offset}
   * until the list's {@code total} is read (https://docs.omise.co/api-pagination). Omise's {@code
   * to} is the last second it lists, so the window's end is the second before it. {@code
   * refunded_amount} counts all the charge's refunds.
   */
  @Override
  public List<GatewayMovement> movements(Instant from, Instant to) {
    List<GatewayMovement> read = new ArrayList<>();
    String until =
        (to.getNano() > 0 ? to.truncatedTo(ChronoUnit.SECONDS) : to.minusSeconds(1)).toString();
    for (int page = 0; page < MAX_LIST_PAGES; page++) {
      int offset = read.size();
      Answer listed =
          GatewayHttp.call(
              NAME,
              () ->
                  omise.listCharges(
                      authorization,
                      VERSION,
                      from.truncatedTo(ChronoUnit.SECONDS).toString(),
                      until,
                      offset,
                      LIST_PAGE,
                      "chronological"));
      GatewayHttp.requireAccepted(NAME, listed, GatewayHttp.text(listed.body(), "code"));
      JsonNode list = listed.body();
      if (!listed.ok() || !"list".equals(GatewayHttp.text(list, "object"))) {
        throw new GatewayUnavailable(NAME, "the charges list answered no list", null);
      }
      for (JsonNode charge : list.path("data")) {
        boolean took = "successful".equals(GatewayHttp.text(charge, "status"));
        JsonNode metadata = charge.path("metadata");
        read.add(
            new GatewayMovement(
                GatewayHttp.text(charge, "id"),
                GatewayHttp.text(charge, "id"),
                metadata.path("reference").asText(metadata.path("order_id").asText(null)),
                took ? GatewayHttp.amount(NAME, charge, "amount") : 0,
                took ? GatewayHttp.amountOr(NAME, charge, "refunded_amount", 0) : 0,
                String.valueOf(GatewayHttp.text(charge, "currency")).toUpperCase(Locale.ROOT)));
      }
      if (list.path("data").isEmpty() || read.size() >= list.path("total").asLong()) {
        return read;
      }
    }
    throw new GatewayUnavailable(NAME, "more charges in the window than can be read", null);
  }

  @Override
  public boolean looksUp() {
    return true;
  }

  @Override
  public boolean refunds() {
    return true;
  }

  /**
   * Omise confirms no idempotency key for refunds either: the refund carries our key in its {@code
   * metadata} ({@code refund_key}; "Custom metadata for refund", docs.opn.ooo/refunds-api), by
   * which {@link #refundsOf} knows it again; what the charge gives back is bounded by what it took.
   */
  @Override
  public GatewayRefundAnswer refund(RefundCommand command) {
    Form refund =
        new Form()
            .param("amount", Long.toString(command.amount()))
            .param("metadata[" + REFUND_KEY + "]", command.gatewayKey())
            .param("metadata[reason]", command.reason())
            .param("metadata[order_id]", Long.toString(command.orderId()));
    Answer answer =
        GatewayHttp.call(
            NAME,
            () ->
                omise.refundCharge(
                    authorization, command.gatewayKey(), VERSION, command.chargeId(), refund));
    JsonNode body = answer.body();
    GatewayHttp.requireAccepted(NAME, answer, GatewayHttp.text(body, "code"));
    if (!answer.ok() || !"refund".equals(GatewayHttp.text(body, "object"))) {
      throw new GatewayRejected(NAME, String.valueOf(GatewayHttp.text(body, "code")));
    }
    return new GatewayRefundAnswer(
        GatewayHttp.text(body, "id"), GatewayHttp.amount(NAME, body, "amount"));
  }

  /**
   * The charge's refunds ({@code GET /charges/{id}/refunds}, oldest first, a page of 100: Omise
   * allows 15 refunds a charge), ours the one whose {@code metadata.refund_key} is the command's
   * key; a refund made in Omise's dashboard carries none. A page that is not a list of refunds says
   * nothing.
   */
  @Override
  public ListedRefunds refundsOf(RefundCommand command) {
    List<ListedRefunds.Listed> refunds = new ArrayList<>();
    for (int page = 0; page < MAX_SEARCH_PAGES; page++) {
      int offset = page * SEARCH_PAGE;
      Answer answer =
          GatewayHttp.call(
              NAME,
              () ->
                  omise.listRefunds(
                      authorization,
                      VERSION,
                      command.chargeId(),
                      offset,
                      SEARCH_PAGE,
                      "chronological"));
      JsonNode list = answer.body();
      GatewayHttp.requireAccepted(NAME, answer, GatewayHttp.text(list, "code"));
      if (!answer.ok() || !"list".equals(GatewayHttp.text(list, "object"))) {
        throw new GatewayUnavailable(
            NAME, "refunds answered " + GatewayHttp.text(list, "code"), null);
      }
      for (JsonNode refund : list.path("data")) {
        if (!"refund".equals(GatewayHttp.text(refund, "object"))) {
          throw new UnheardWord(NAME, "a refund", GatewayHttp.text(refund, "object"));
        }
        boolean ours =
            command.gatewayKey().equals(refund.path("metadata").path(REFUND_KEY).asText(null));
        refunds.add(
            new ListedRefunds.Listed(
                GatewayHttp.text(refund, "id"),
                GatewayHttp.amount(NAME, refund, "amount"),
                ours ? ListedRefunds.Whose.OURS : ListedRefunds.Whose.ANOTHER));
      }
      int total = list.path("total").asInt(-1);
      if (total >= 0 ? refunds.size() >= total : list.path("data").size() < SEARCH_PAGE) {
        return new ListedRefunds(refunds);
      }
    }
    throw new GatewayUnavailable(NAME, "too many refunds of " + command.chargeId(), null);
  }

  private static GatewayCharge interpret(Answer answer, boolean readBack) {
    JsonNode body = answer.body();
    GatewayHttp.requireAccepted(NAME, answer, GatewayHttp.text(body, "code"));
    if (!answer.ok() || !"charge".equals(GatewayHttp.text(body, "object"))) {
      throw new GatewayRejected(NAME, String.valueOf(GatewayHttp.text(body, "code")));
    }
    return interpret(body, readBack);
  }

  /**
   * A charge in our terms. {@code pending} is 3-D Secure waiting on the customer at its {@code
   * authorize_uri} (Opn's own plugin sends the customer on only when there is one). Pending without
   * one, in a create's answer or a search, leaves the customer nothing to open and says nothing of
   * the money: the attempt stays in doubt and is looked up again (never resent: {@link UnheardWord}
   * ends the request's retries), until Omise says successful or failed. In a read-back ({@code
   * readBack}) the attempt already has its page: still waiting.
   */
  static GatewayCharge interpret(JsonNode body, boolean readBack) {
    String id = GatewayHttp.text(body, "id");
    long amount = GatewayHttp.amount(NAME, body, "amount");
    String currency = String.valueOf(GatewayHttp.text(body, "currency")).toUpperCase(Locale.ROOT);
    String authorizeUri = GatewayHttp.text(body, "authorize_uri");
    return switch (String.valueOf(GatewayHttp.text(body, "status"))) {
      case "successful" ->
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              id,
              amount,
              currency,
              null,
              null,
              null,
              null,
              GatewayHttp.amountOr(NAME, body, "refunded_amount", 0));
      case "pending" -> {
        if (authorizeUri == null && !readBack) {
          throw new UnheardWord(NAME, "charge status", "pending without authorize_uri");
        }
        yield new GatewayCharge(
            ChargeStatus.REQUIRES_ACTION,
            id,
            amount,
            currency,
            authorizeUri == null ? null : Map.of("authorize_uri", authorizeUri),
            authorizeUri,
            null,
            null);
      }
      // Omise's statements that the charge took no money (reversed: authorised, then released).
      case "failed", "expired", "reversed" ->
          GatewayCharge.declined(
              id,
              amount,
              currency,
              GatewayHttp.text(body, "failure_code"),
              GatewayHttp.text(body, "failure_message"));
      default -> throw new UnheardWord(NAME, "charge status", GatewayHttp.text(body, "status"));
    };
  }
}

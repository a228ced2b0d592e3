package io.ichido.payments.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeRequested;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.platform.control.Json;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The recovery points of a charge, each its own short transaction under the order's row lock: the
 * attempt is committed before the gateway hears of it, and the answer (or its loss) is recorded
 * after. No method here ever talks to a gateway, so no lock or connection is held while one does.
 */
@ApplicationScoped
class ChargePhases {

  /** The least wait before a lookup that found nothing too early is asked again. */
  private static final Logger LOG = Logger.getLogger(ChargePhases.class.getName());

  private static final Duration MIN_WAIT = Duration.ofSeconds(1);

  /**
   * How often the sweep looks again at an attempt nobody can ask about (a webhook may settle it).
   */
  private static final Duration UNKNOWABLE_RECHECK = Duration.ofHours(1);

  /** What a client asking about such an attempt is told to wait before it asks again. */
  private static final Duration UNKNOWABLE_RETRY = Duration.ofMinutes(5);

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject GatewayKeys gatewayKeys;
  @Inject PaymentSettings settings;
  @Inject GatewaySettings gateways;
  @Inject AttemptEvents events;
  @Inject Gateways registry;
  @Inject Surpluses surpluses;
  @Inject MoneyLedger ledger;
  @Inject GatewayNotices notices;

  /**
   * Phase 1: decides what the request may do. The caller's own attempt (same key) is answered or
   * reconciled; any other attempt in doubt must be reconciled before a new charge; otherwise the
   * order must be payable for exactly its amount, and a new attempt is committed.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ChargeStep begin(
      String owner,
      String scope,
      String key,
      Charges.Charge charge,
      PaymentGateway gateway,
      PaymentMethod method,
      String returnUrl) {
    PayableOrder order = orders.lockOwned(owner, charge.orderId());
    List<ChargeAttempt> attempts =
        em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
            .setParameter("orderId", order.id())
            .getResultList();
    Optional<ChargeAttempt> own =
        attempts.stream()
            .filter(a -> a.idempotencyKey().equals(key))
            .max(Comparator.comparingInt(ChargeAttempt::keyGeneration));
    if (own.isPresent() && !own.get().neverMade()) {
      return own.get().status().inDoubt()
          ? new ChargeStep.Reconcile(own.get().id(), true)
          : new ChargeStep.Done(ChargeOutcome.of(own.get(), order.status(), null));
    }
    // No attempt under this key, or only ones its gateway never saw: this request may charge.
    int generation = own.map(a -> a.keyGeneration() + 1).orElse(1);
    Optional<ChargeAttempt> inDoubt =
        attempts.stream().filter(a -> a.status().inDoubt()).findFirst();
    if (inDoubt.isPresent()) {
      return new ChargeStep.Reconcile(inDoubt.get().id(), false);
    }
    switch (order.standing()) {
      case UNPAID -> {}
      case PAID ->
          throw PaymentRefused.alreadyPaid(
              order.id(), attempts.stream().filter(a -> a.status().paid()).findFirst());
      case AWAITING_PAYMENT -> throw PaymentRefused.awaitingPayment(order.id());
      case IN_REVIEW, ENDED, CANCELLED ->
          throw PaymentRefused.notPayable(order.id(), order.status());
    }
    if (attempts.stream().anyMatch(a -> a.status() == ChargeStatus.REQUIRES_ACTION)) {
      // A 3-D Secure charge under another key is still open for this order.
      throw PaymentRefused.awaitingPayment(order.id());
    }
    if (order.amount() != charge.amount() || !order.currency().equals(charge.currency())) {
      throw PaymentRefused.amountMismatch(order.id(), order.amount(), order.currency());
    }
    // Every attempt has a reference of its own: 2C2P charges an invoice once, declined or not.
    String reference =
        "ORDER-" + order.id() + (attempts.isEmpty() ? "" : "-" + (attempts.size() + 1));
    ChargeCommand command =
        new ChargeCommand(
            gatewayKeys.derive(scope, generation == 1 ? key : key + "#" + generation, order.id()),
            order.id(),
            reference,
            order.amount(),
            order.currency(),
            method,
            charge.token(),
            charge.customer(),
            returnUrl,
            false);
    ChargeAttempt attempt =
        new ChargeAttempt(
            order.id(),
            key,
            command.gatewayKey(),
            gateway.name(),
            method,
            order.amount(),
            order.currency(),
            reference,
            command.resendableJson(),
            blankToNull(charge.customer().email()),
            settings.attemptLease(),
            generation);
    em.persist(attempt);
    events.fire(
        new ChargeRequested(
            order.id(),
            key,
            gateway.name(),
            method.wireName(),
            order.amount(),
            order.currency(),
            reference));
    return new ChargeStep.Send(attempt.id(), command);
  }

  /**
   * Takes an attempt in doubt over for asking its gateway, unless it was settled meanwhile or a
   * live request or reconciliation holds it.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ReconcileClaim claim(long attemptId) {
    ChargeAttempt attempt = locked(attemptId);
    if (!attempt.status().inDoubt()) {
      return new ReconcileClaim.Settled();
    }
    if (ChargeAttempt.OUTCOME_UNKNOWABLE.equals(attempt.failureCode())) {
      return unknowable(attempt);
    }
    Instant now = Instant.now();
    if (attempt.reconciliations() > 0
        && (attempt.leaseUntil() == null || !attempt.leaseUntil().isAfter(now))
        && attempt.reconcileAfter() != null
        && attempt.reconcileAfter().isAfter(now)) {
      // Asked about before, and no answer came, or a search did not find it yet: it is asked
      // again when its backoff has passed, however often clients retry meanwhile (each retry
      // would be up to four gateway calls and one more fact in the payment log, and a search
      // asked at every retry shows nothing sooner).
      return new ReconcileClaim.TooEarly(
          attempt.gateway(),
          attempt.orderId(),
          Duration.between(now, attempt.reconcileAfter()).toSeconds() + 1,
          ChargeAttempt.NOT_FOUND_YET.equals(attempt.failureCode())
              ? "was sent to a gateway that cannot be asked twice; it is looked up once it settled"
              : "got no answer when last asked; it is asked again shortly");
    }
    boolean resend =
        attempt.request() != null
            && attempt.gatewayKey() != null
            && attempt
                .requestedAt()
                .plus(gateways.resendWindow(attempt.gateway(), settings.resendWindow()))
                .isAfter(now);
    if (!resend) {
      boolean looksUp =
          registry.named(attempt.gateway()).map(PaymentGateway::looksUp).orElse(false);
      if (!looksUp) {
        unanswerable(attempt);
        return unknowable(attempt);
      }
    }
    if (!attempt.claim(settings.attemptLease(), resend)) {
      long wait = Duration.between(Instant.now(), attempt.leaseUntil()).toSeconds() + 1;
      return new ReconcileClaim.Held(attempt.gateway(), attempt.orderId(), wait);
    }
    return new ReconcileClaim.Claimed(attempt, resend);
  }

  /**
   * The attempt's key is past the gateway's keeping and the gateway has no lookup by our reference:
   * its outcome can no longer be learnt by asking. Never guessed: it stays in doubt, holding its
   * order's slot, listed among the charges in doubt for an operator to record what the gateway's
   * dashboard shows; a webhook of the gateway still settles it meanwhile. Its money is nobody's
   * review until some is reported: only the money decider moves an order into review.
   */
  private void unanswerable(ChargeAttempt attempt) {
    String why =
        ("%s offers no lookup by our reference and its idempotency key is past the resend window"
                + " (%s): whether attempt %d (%s, %d %s) charged cannot be learnt by asking any"
                + " more; an operator records what the %s dashboard shows")
            .formatted(
                attempt.gateway(),
                gateways.resendWindow(attempt.gateway(), settings.resendWindow()),
                attempt.id(),
                attempt.gatewayReference(),
                attempt.amount(),
                attempt.currency(),
                attempt.gateway());
    LOG.warning(why);
    attempt.unknown(ChargeAttempt.OUTCOME_UNKNOWABLE, UNKNOWABLE_RECHECK);
    events.answered(attempt, attempt.amount(), attempt.currency(), "unanswerable");
  }

  private static ReconcileClaim unknowable(ChargeAttempt attempt) {
    return new ReconcileClaim.TooEarly(
        attempt.gateway(),
        attempt.orderId(),
        UNKNOWABLE_RETRY.toSeconds(),
        "cannot be asked about any more: an operator records what the gateway's dashboard shows"
            + " (the review queue's charges in doubt)");
  }

  /**
   * A lookup found nothing before it could be believed: the gateway may still be working on the
   * request, or its search may not show it yet. Asked again by {@code believable} at the latest.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void notFoundYet(long attemptId, String via, Instant believable) {
    ChargeAttempt attempt = locked(attemptId);
    if (attempt.status().inDoubt()) {
      Duration backoff = settings.reconcileBackoff(attempt.reconciliations());
      // The lookup began before the bound, so it proves nothing even if the bound has passed by
      // now: asked again at the bound, or at once when it has passed, never later than backoff.
      Duration untilBelievable = Duration.between(Instant.now(), believable);
      Duration wait = untilBelievable.compareTo(MIN_WAIT) < 0 ? MIN_WAIT : untilBelievable;
      attempt.unknown(ChargeAttempt.NOT_FOUND_YET, wait.compareTo(backoff) < 0 ? wait : backoff);
      events.answered(attempt, attempt.amount(), attempt.currency(), via);
    }
  }

  /**
   * Phase 3: records the gateway's answer, unless something else (a webhook) settled the attempt
   * first. An answer for another amount or currency never pays the order: a person decides.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ChargeOutcome answered(long attemptId, GatewayCharge answer, String via) {
    return answeredHere(attemptId, answer, via);
  }

  /**
   * As {@link #answered}, in the caller's transaction: an operator's statement of what the
   * gateway's portal shows for an attempt in doubt ({@code via} "operator"); no money ({@code
   * DECLINED}) is the gateway's own statement that nothing was charged.
   */
  @Transactional(TxType.MANDATORY)
  public ChargeOutcome answeredHere(long attemptId, GatewayCharge answer, String via) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, attemptId);
    PayableOrder order = orders.lock(attempt.orderId());
    em.refresh(attempt);
    ChargeStatus before = attempt.status();
    if (before == ChargeStatus.AWAITING_PAYMENT
        && answer.status() == ChargeStatus.AWAITING_PAYMENT
        && attempt.instructions() == null
        && !ChargeAttempt.OTHER_AMOUNT_ASKED.equals(attempt.failureCode())) {
      // Its webhook told it first (KOMOJU's payment.authorized), with neither the customer's
      // instructions nor the deadline: the answer has both, and the deadline is what lets a lost
      // expiry be found and the stock go back on sale.
      attempt.instructed(json(answer.instructions()), deadline(answer.instructions()));
      return ChargeOutcome.of(attempt, order.status(), answer);
    }
    if (!before.open() || (before == answer.status() && !before.inDoubt())) {
      return ChargeOutcome.of(attempt, order.status(), answer);
    }
    if (answer.status() == ChargeStatus.SUCCEEDED || answer.returnedInFull()) {
      return taken(order, attempt, answer, via);
    }
    // Nothing taken yet, but the gateway would take another amount: the payment waits for its
    // customer as any other, marked, and never shown as payable. Only money decides: what the
    // customer pays goes to the money decider (the order's amount pays it; another is reviewed).
    boolean otherMoney =
        (answer.status() == ChargeStatus.AWAITING_PAYMENT
                || answer.status() == ChargeStatus.REQUIRES_ACTION)
            && (answer.amount() != attempt.amount()
                || !attempt.currency().equalsIgnoreCase(answer.currency()));
    if (!answer.status().holdsSlot() && !ledger.ends(order, attempt, answer.chargeId(), via)) {
      return ChargeOutcome.of(attempt, order.status(), answer);
    }
    attempt.answered(
        answer.status(),
        answer.chargeId(),
        otherMoney ? ChargeAttempt.OTHER_AMOUNT_ASKED : answer.failureCode(),
        otherMoney ? null : json(answer.instructions()));
    if (answer.status() == ChargeStatus.AWAITING_PAYMENT) {
      attempt.payBy(deadline(answer.instructions()));
    }
    events.answered(attempt, answer.amount(), answer.currency(), via);
    events.settled(attempt);
    return ChargeOutcome.of(attempt, statusNow(order), otherMoney ? null : answer);
  }

  /**
   * Money the gateway answered taken: what it is to the order (its payment, money for a person, or
   * money that goes back) is the money decider's word, with the ledger's rows.
   */
  private ChargeOutcome taken(
      PayableOrder order, ChargeAttempt attempt, GatewayCharge answer, String via) {
    MoneyDecider.Decision decision =
        ledger.observe(
            order,
            new MoneyObservation.Taken(
                attempt.id(), answer.amount(), answer.currency(), answer.gone()),
            answer.chargeId(),
            via,
            null);
    OrderMoney.Role role = decision.money().attempt(attempt.id()).orElseThrow().role();
    switch (role) {
      case SURPLUS -> {
        return notThePayment(order, attempt, answer, decision, via);
      }
      case REVIEW -> {
        attempt.received(answer.amount());
        return inReview(order, attempt, answer, via);
      }
      case PAYMENT -> {
        attempt.answered(
            answer.status(), answer.chargeId(), answer.failureCode(), json(answer.instructions()));
        events.answered(attempt, answer.amount(), answer.currency(), via);
        events.settled(attempt);
        em.flush();
        // Part of it went back at the gateway before we learnt of it: a refund of the payment.
        notices.paymentRefunds(attempt, decision, "answer");
        return ChargeOutcome.of(attempt, statusNow(order), answer);
      }
      default -> {
        // No word we can believe (nothing taken, or more given back than taken): still in doubt.
        attempt.unknown(
            "an answer we cannot believe", settings.reconcileBackoff(attempt.reconciliations()));
        return ChargeOutcome.of(attempt, statusNow(order), null);
      }
    }
  }

  /** The gateway answered another amount or currency than the order's: a person decides. */
  private ChargeOutcome inReview(
      PayableOrder order, ChargeAttempt attempt, GatewayCharge answer, String via) {
    String why =
        "the gateway answered %d %s for a charge of %d %s"
            .formatted(answer.amount(), answer.currency(), attempt.amount(), attempt.currency());
    attempt.answered(ChargeStatus.NEEDS_REVIEW, answer.chargeId(), "amount_mismatch", null);
    events.answered(attempt, answer.amount(), answer.currency(), via);
    events.needsReview(attempt, answer.chargeId(), answer.amount(), answer.currency(), why);
    return ChargeOutcome.of(attempt, statusNow(order), null);
  }

  /** Money answered for an attempt that is not the order's payment: it goes back, or went. */
  private ChargeOutcome notThePayment(
      PayableOrder order,
      ChargeAttempt attempt,
      GatewayCharge answer,
      MoneyDecider.Decision decision,
      String via) {
    surpluses.returned(
        attempt,
        decision,
        answer.chargeId(),
        answer.amount(),
        answer.currency(),
        answer.gone(),
        decision.why(attempt.id()),
        via);
    events.answered(attempt, answer.amount(), answer.currency(), via);
    return ChargeOutcome.of(attempt, statusNow(order), null);
  }

  /**
   * By when the customer must pay, where the gateway's instructions say: KOMOJU's {@code
   * payment_deadline}, Stripe's konbini voucher {@code expires_at}. Null where they do not (a
   * Stripe bank transfer never lapses by itself).
   */
  static Instant deadline(Map<String, Object> instructions) {
    Object komoju = instructions.get("payment_deadline");
    if (komoju instanceof String text) {
      try {
        return Instant.parse(text);
      } catch (java.time.format.DateTimeParseException unreadable) {
        return null;
      }
    }
    if (instructions.get("konbini_display_details") instanceof Map<?, ?> konbini
        && konbini.get("expires_at") instanceof Number expires) {
      return Instant.ofEpochSecond(expires.longValue());
    }
    return null;
  }

  /**
   * Up to {@code batch} ids of the attempts a named query of {@link ChargeAttempt} finds by its one
   * instant {@code parameter}. In a transaction of its own, so that a sweep which then asks
   * gateways holds no connection meanwhile: read outside one, Liberty keeps the connection with the
   * sweep's local transaction until the sweep ends, across every gateway call, and each phase the
   * sweep then begins needs a second.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public List<Long> attemptIds(String query, String parameter, Instant value, int batch) {
    return em.createNamedQuery(query, Long.class)
        .setParameter(parameter, value)
        .setMaxResults(batch)
        .getResultList();
  }

  /** Attempts waiting on their customer at {@code gateways}, read as {@link #attemptIds}. */
  @Transactional(TxType.REQUIRES_NEW)
  public List<ChargeAttempt> awaitingAt(List<String> gateways, int batch) {
    List<Long> ids =
        em.createNamedQuery(ChargeAttempt.AWAITING_AT, Long.class)
            .setParameter("gateways", gateways)
            .setMaxResults(batch)
            .getResultList();
    return ids.stream().map(id -> Rows.find(em, ChargeAttempt.class, id)).toList();
  }

  /**
   * The attempt a gateway names by our charge id, or, when the create's answer was lost and the
   * attempt knows only the key it was sent under, by that key; read as {@link #attemptIds}.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public Optional<ChargeAttempt> named(String gateway, String chargeId) {
    List<ChargeAttempt> found =
        em.createNamedQuery(ChargeAttempt.FIND_BY_CHARGE, ChargeAttempt.class)
            .setParameter("gateway", gateway)
            .setParameter("chargeId", chargeId)
            .getResultList();
    if (found.isEmpty()) {
      found =
          em.createNamedQuery(ChargeAttempt.FIND_BY_GATEWAY_KEY, ChargeAttempt.class)
              .setParameter("gateway", gateway)
              .setParameter("key", chargeId)
              .getResultList();
    }
    return found.stream().findFirst();
  }

  /** Takes an attempt waiting for the customer past its deadline over for asking its gateway. */
  @Transactional(TxType.REQUIRES_NEW)
  public ChargeAttempt claimOverdue(long attemptId) {
    ChargeAttempt attempt = locked(attemptId);
    return attempt.claimOverdue(settings.deadlineGrace(), settings.attemptLease()) ? attempt : null;
  }

  /**
   * Ends an attempt the customer never finished (3-D Secure, a redirect) once its gateway was told
   * to end it and asked once more; a success told meanwhile is recorded instead.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void abandoned(long attemptId, String why) {
    ChargeAttempt attempt = locked(attemptId);
    if (attempt.status() == ChargeStatus.REQUIRES_ACTION
        && ledger.ends(orders.find(attempt.orderId()).orElseThrow(), attempt, null, "abandoned")) {
      attempt.abandoned(why);
      events.answered(attempt, attempt.amount(), attempt.currency(), "abandoned");
    }
  }

  /** Takes an attempt left waiting on the customer over for ending it, or answers null. */
  @Transactional(TxType.REQUIRES_NEW)
  public ChargeAttempt claimAbandoned(long attemptId) {
    ChargeAttempt attempt = locked(attemptId);
    return attempt.claimAbandoned(settings.attemptLease()) ? attempt : null;
  }

  /** Phase 3 without an answer: charged or not, only the gateway can say; the reconciler asks. */
  @Transactional(TxType.REQUIRES_NEW)
  public void unknown(long attemptId, String why, String via) {
    ChargeAttempt attempt = locked(attemptId);
    if (attempt.status().inDoubt()) {
      attempt.unknown(why, settings.reconcileBackoff(attempt.reconciliations()));
      events.answered(attempt, attempt.amount(), attempt.currency(), via);
    }
  }

  /** Phase 3 when the gateway refused the request itself: nothing was charged under its key. */
  @Transactional(TxType.REQUIRES_NEW)
  public void rejected(long attemptId, String code, String via) {
    ChargeAttempt attempt = locked(attemptId);
    if (attempt.status().inDoubt()
        && ledger.ends(orders.find(attempt.orderId()).orElseThrow(), attempt, null, via)) {
      attempt.answered(ChargeStatus.REJECTED, null, code, null);
      events.answered(attempt, attempt.amount(), attempt.currency(), via);
    }
  }

  /**
   * Where the order's latest attempt at {@code gateway} stands, read without a lock: the caller may
   * be anyone's browser.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public ChargeOutcome latest(long orderId, String gateway) {
    PayableOrder order =
        orders
            .find(orderId)
            .orElseThrow(
                () -> PaymentRefused.notPayable(orderId, "without a " + gateway + " charge"));
    return em
        .createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultList()
        .stream()
        .filter(a -> a.gateway().equals(gateway))
        .reduce((first, second) -> second)
        .map(a -> ChargeOutcome.of(a, order.status(), null))
        .orElseThrow(() -> PaymentRefused.notPayable(orderId, "without a " + gateway + " charge"));
  }

  /** The order's status after what this transaction fired moved it. */
  private String statusNow(PayableOrder locked) {
    return orders.find(locked.id()).map(PayableOrder::status).orElse(locked.status());
  }

  /** The attempt under its order's lock: the order serialises everything that moves its payment. */
  private ChargeAttempt locked(long attemptId) {
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, attemptId);
    orders.lock(attempt.orderId());
    em.refresh(attempt);
    return attempt;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  private static String json(Map<String, Object> instructions) {
    if (instructions.isEmpty()) {
      return null;
    }
    try {
      return Json.MAPPER.writeValueAsString(instructions);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Gateway instructions came from JSON", e);
    }
  }
}

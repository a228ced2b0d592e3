package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

/**
 * Charges an order at most once, whatever keys its charge requests carry, in atomic phases: the
 * attempt is committed ({@link ChargePhases#begin}), the gateway is called with no transaction, row
 * lock or pooled connection held, and its answer (or its loss) is committed after. An attempt whose
 * answer was lost is asked about again ({@link Reconciliation}) before the order may be charged
 * anew.
 */
@ApplicationScoped
public class Charges {

  /** A request that reconciles an earlier attempt goes round at most this often. */
  private static final int ROUNDS = 3;

  @Inject ChargePhases phases;
  @Inject Reconciliation reconciliation;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;
  @Inject GatewayLane lane;
  @Inject LateRecords late;
  @Inject GatewayHints hints;
  @Inject ReturnReads returnReads;

  @Resource TransactionSynchronizationRegistry transactions;

  /** What a charge request asks for, already validated for shape. */
  public record Charge(
      long orderId,
      long amount,
      String currency,
      String gateway,
      String method,
      String token,
      ChargeCommand.Customer customer) {}

  /**
   * Charges the caller's order. {@code scope} and {@code key} are the caller's idempotency scope
   * and key, from which the gateway's key is derived.
   *
   * @throws PaymentInDoubt when an earlier attempt's outcome cannot be learnt yet
   * @throws GatewayUnavailable when this request's own attempt got no answer (retry the same key)
   */
  public ChargeOutcome charge(
      String owner, String scope, String key, Charge charge, String returnUrl) {
    PaymentGateway gateway = gateways.forCharge(charge.gateway());
    PaymentMethod method =
        PaymentMethod.fromWire(charge.method())
            .filter(gateway.methods()::contains)
            .orElseThrow(() -> PaymentRefused.methodUnsupported(gateway.name(), charge.method()));
    requireDetails(method, charge);
    requireNoTransaction();
    try {
      return lane.run(() -> decideAndSend(owner, scope, key, charge, gateway, method, returnUrl));
    } catch (BulkheadException full) {
      throw new GatewayBusy();
    }
  }

  /**
   * Where 3-D Secure returns: reads the order's pending charge back from its gateway, since the
   * return URL itself proves nothing. The link may be loaded any number of times: at most one read
   * per attempt at a time, three at once and then one every two seconds, each in a gateway lane
   * ({@link ReturnReads}); a load that finds a read in flight or none left answers with what we
   * know. A gateway whose reads lag behind the return is read again a few times first ({@link
   * ReturnRereads}), and a charge it still calls waiting is then being processed.
   */
  public ChargeOutcome refresh(long orderId, String gatewayName) {
    requireNoTransaction();
    ChargeOutcome latest = phases.latest(orderId, gatewayName);
    ChargeStatus status = latest.attempt().status();
    boolean redirected =
        status == ChargeStatus.AWAITING_PAYMENT && latest.attempt().gatewayChargeId() != null;
    if (!redirected && status != ChargeStatus.REQUIRES_ACTION) {
      return latest;
    }
    try {
      if (redirected) {
        // A redirect payment (PayPay) whose customer came back: its gateway is asked how it
        // stands, and what it says is applied as a notice.
        returnReads.once(
            latest.attempt().id(), () -> lane.run(() -> hints.returned(latest.attempt())));
        return phases.latest(orderId, gatewayName);
      }
      PaymentGateway gateway = gateways.named(gatewayName).orElseThrow();
      ReturnRereads rereads = gateway.returnRereads();
      // Each read is a lane and a short transaction of its own; between them nothing is held.
      ChargeOutcome now =
          returnReads
              .once(
                  latest.attempt().id(),
                  () ->
                      rereads.read(
                          () -> lane.run(() -> readBack(gateway, latest.attempt())),
                          Charges::waitsOnCustomer,
                          ReturnRereads.SLEEP))
              .orElseGet(() -> phases.latest(orderId, gatewayName));
      return rereads.processesOnReturn() && waitsOnCustomer(now) ? now.asProcessing() : now;
    } catch (RuntimeException noAnswer) {
      if (redirected) {
        // Every lane taken, or no answer: the sweep's polling or the gateway's webhook will tell;
        // the customer sees the payment waiting.
        return phases.latest(orderId, gatewayName);
      }
      if (noAnswer instanceof BulkheadException) {
        throw new GatewayBusy();
      }
      throw noAnswer;
    }
  }

  /**
   * The attempt as its gateway has it once the customer is back ({@link
   * PaymentGateway#afterAuthentication}: a read-back, or for KOMOJU the payment the authenticated
   * card was for).
   */
  private ChargeOutcome readBack(PaymentGateway gateway, ChargeAttempt attempt) {
    GatewayCharge answer =
        calls.afterAuthentication(
            gateway,
            ChargeCommand.of(attempt),
            attempt.gatewayChargeId(),
            new GatewayCalls.Tries());
    return phases.answered(attempt.id(), answer, "retrieve");
  }

  private static boolean waitsOnCustomer(ChargeOutcome outcome) {
    return outcome.attempt().status() == ChargeStatus.REQUIRES_ACTION;
  }

  private ChargeOutcome decideAndSend(
      String owner,
      String scope,
      String key,
      Charge charge,
      PaymentGateway gateway,
      PaymentMethod method,
      String returnUrl) {
    for (int round = 0; round < ROUNDS; round++) {
      ChargeStep step = phases.begin(owner, scope, key, charge, gateway, method, returnUrl);
      if (step instanceof ChargeStep.Done done) {
        return done.outcome();
      }
      if (step instanceof ChargeStep.Send send) {
        return send(gateway, send);
      }
      ChargeStep.Reconcile reconcile = (ChargeStep.Reconcile) step;
      reconciliation.reconcile(reconcile.attemptId(), reconcile.own());
    }
    throw new PaymentInDoubt(charge.orderId(), gateway.name(), 1, "keeps changing");
  }

  /** Phases 2 and 3: the attempt is committed; the gateway hears of it now. */
  private ChargeOutcome send(PaymentGateway gateway, ChargeStep.Send send) {
    GatewayCharge answer;
    GatewayCharge believed;
    try {
      GatewayCalls.Tries tries = new GatewayCalls.Tries();
      answer = calls.charge(gateway, send.command(), tries);
      believed = calls.believed(gateway, send.command(), answer, tries.sentAgain());
    } catch (GatewayRejected refused) {
      late.now(
          send.attemptId(),
          "refusal",
          () -> phases.rejected(send.attemptId(), refused.code(), "charge"));
      throw refused;
    } catch (RuntimeException lost) {
      // Whatever went wrong, the request may have reached the gateway: never guess.
      String why = Reconciliation.describe(lost);
      late.now(
          send.attemptId(), "lost answer", () -> phases.unknown(send.attemptId(), why, "charge"));
      throw lost;
    }
    ChargeOutcome outcome =
        late.now(
            send.attemptId(),
            "answer",
            () ->
                phases.answered(
                    send.attemptId(), believed, believed == answer ? "charge" : "retrieve"));
    if (outcome.attempt().status() == ChargeStatus.SURPLUS) {
      // The order took another payment (or none any more) meanwhile: this one goes back.
      throw PaymentRefused.alreadyPaid(outcome.attempt().orderId(), java.util.Optional.empty());
    }
    if (outcome.attempt().status() == ChargeStatus.NEEDS_REVIEW
        || ChargeAttempt.OTHER_AMOUNT_ASKED.equals(outcome.attempt().failureCode())) {
      // Never mark an order paid for an amount the gateway did not confirm.
      throw new GatewayRejected(gateway.name(), "answered another amount or currency");
    }
    return outcome;
  }

  private void requireNoTransaction() {
    if (transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
      throw new IllegalStateException(
          "Charges talk to gateways: call them outside any transaction");
    }
  }

  private static void requireDetails(PaymentMethod method, Charge charge) {
    if (method == PaymentMethod.CARD && isBlank(charge.token())) {
      throw PaymentRefused.missingField("token", method.wireName());
    }
    if ((method == PaymentMethod.KONBINI || method == PaymentMethod.BANK_TRANSFER)
        && isBlank(charge.customer().email())) {
      throw PaymentRefused.missingField("email", method.wireName());
    }
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }
}

package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Learns the outcome of an attempt in doubt from its gateway, never by guessing. Within the resend
 * window the very request is sent again under its gateway key, which the gateway answers with the
 * first request's result (or performs now, once, if it never arrived); after it, the gateway is
 * searched for our reference. No answer leaves the attempt in doubt, to be asked again later, and
 * so does a search that finds nothing before {@code ichido.gateway.<name>.lookup-after} has passed
 * since the request last left: "not charged" is concluded only from the gateway's statement about
 * that request or from a search that is consistent by then.
 */
@ApplicationScoped
public class Reconciliation {

  private static final Logger LOG = Logger.getLogger(Reconciliation.class.getName());

  @Inject ChargePhases phases;
  @Inject Gateways gateways;
  @Inject GatewayCalls calls;
  @Inject GatewaySettings settings;

  /** Whether the attempt is settled now. */
  public enum Result {
    SETTLED,
    IN_DOUBT
  }

  /** For the reconciler: asks, and reports instead of throwing. */
  public Result reconcileQuietly(long attemptId) {
    try {
      reconcile(attemptId, false);
      return Result.SETTLED;
    } catch (PaymentInDoubt | GatewayUnavailable stillInDoubt) {
      return Result.IN_DOUBT;
    }
  }

  /**
   * Asks the gateway about an attempt in doubt and records what it says.
   *
   * @param own whether the caller is the attempt's own request (same key), which then learns of a
   *     gateway still unreachable as {@link GatewayUnavailable}, as on its first try
   * @throws PaymentInDoubt when the outcome is still unknown, or someone else is asking right now
   */
  public void reconcile(long attemptId, boolean own) {
    ReconcileClaim claim = phases.claim(attemptId);
    if (claim instanceof ReconcileClaim.Settled) {
      return;
    }
    if (claim instanceof ReconcileClaim.Held held) {
      // The holder is usually done within a second; its lease is only the worst case.
      throw new PaymentInDoubt(
          held.orderId(),
          held.gateway(),
          Math.min(held.retryAfterSeconds(), 2),
          "is being sent right now");
    }
    if (claim instanceof ReconcileClaim.TooEarly early) {
      throw new PaymentInDoubt(
          early.orderId(), early.gateway(), early.retryAfterSeconds(), early.why());
    }
    ReconcileClaim.Claimed claimed = (ReconcileClaim.Claimed) claim;
    ChargeAttempt attempt = claimed.attempt();
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElseThrow();
    String via = claimed.resend() ? "resend" : "lookup";
    GatewayCharge answer;
    try {
      if (claimed.resend()) {
        ChargeCommand command = ChargeCommand.of(attempt);
        answer =
            calls.believed(
                gateway, command, calls.charge(gateway, command, new GatewayCalls.Tries()), true);
      } else {
        // What a search shows is as of when it was asked, not when its answer came.
        Instant asked = Instant.now();
        Optional<GatewayCharge> found =
            calls.lookup(gateway, attempt.gatewayReference(), attempt.orderId());
        if (found.isEmpty()) {
          Instant believable = attempt.sentAt().plus(settings.lookupAfter(gateway.name()));
          if (asked.isBefore(believable)) {
            // Silence is no answer: the gateway may still be working on it, or not show it yet.
            phases.notFoundYet(attempt.id(), via, believable);
            throw new PaymentInDoubt(
                attempt.orderId(),
                gateway.name(),
                Math.max(2, Math.min(60, Duration.between(asked, believable).toSeconds() / 8)),
                "is not found at the gateway yet, which may show it only later");
          }
          LOG.log(
              Level.INFO,
              "Attempt {0}: {1} has no charge under {2}, {3} after it was sent: never made",
              new Object[] {
                attempt.id(),
                gateway.name(),
                attempt.gatewayReference(),
                Duration.between(attempt.sentAt(), Instant.now())
              });
          phases.rejected(attempt.id(), ChargeAttempt.NEVER_MADE, via);
          return;
        }
        // A search answer naming another amount is read back too, as a charge's answer is.
        answer = calls.believed(gateway, ChargeCommand.of(attempt), found.get(), false);
      }
    } catch (PaymentInDoubt notFoundYet) {
      throw notFoundYet;
    } catch (GatewayRejected refused) {
      // The same request refused again: the gateway never charged under this key. (A refusal of
      // our call itself, such as a 401, is a GatewayRefusedCall: no statement, still in doubt.)
      phases.rejected(attempt.id(), refused.code(), via);
      return;
    } catch (RuntimeException noAnswer) {
      phases.unknown(attempt.id(), describe(noAnswer), via);
      LOG.log(
          Level.WARNING,
          "Attempt {0} of order {1} at {2} is still in doubt: {3}",
          new Object[] {attempt.id(), attempt.orderId(), gateway.name(), describe(noAnswer)});
      if (own && noAnswer instanceof GatewayUnavailable unavailable) {
        throw unavailable;
      }
      throw new PaymentInDoubt(
          attempt.orderId(), gateway.name(), 2, "got no answer yet (" + describe(noAnswer) + ")");
    }
    phases.answered(attempt.id(), answer, via);
  }

  /** A failure as a short reason for the attempt's record: no message text, which may be long. */
  static String describe(Throwable failure) {
    return failure instanceof GatewayUnavailable
        ? "gateway_unavailable"
        : failure.getClass().getSimpleName();
  }
}

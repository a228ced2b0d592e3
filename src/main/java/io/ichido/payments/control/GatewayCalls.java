package io.ichido.payments.control;

import io.ichido.payments.control.GatewaySpans.Call;
import io.ichido.payments.entity.ChargeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * Gateway calls with retries inside the request, always with the same forwarded key, so a retry can
 * only ever find the charge the first try made. Tunable through MicroProfile Fault Tolerance
 * configuration ({@code io.ichido.payments.control.GatewayCalls/Retry/maxRetries}, ...). Each try
 * is a span of its own ({@link GatewaySpans}).
 */
@ApplicationScoped
public class GatewayCalls {

  @Inject GatewaySpans spans;
  @Inject GatewayRefusals refusals;

  /**
   * Counts the tries of one call. Fault Tolerance hands every retry the same arguments, so the
   * caller's counter is the only place a try can learn its number.
   */
  static final class Tries {
    private int made;

    int next() {
      return made++;
    }

    /** Whether the call was sent more than once: an earlier try may have reached the gateway. */
    boolean sentAgain() {
      return made > 1;
    }
  }

  @Retry(
      retryOn = GatewayUnavailable.class,
      abortOn = {SentUnconfirmed.class, UnheardWord.class, GatewayRefusedCall.class},
      maxRetries = 3,
      delay = 200,
      jitter = 100,
      maxDuration = 30_000)
  public GatewayCharge charge(PaymentGateway gateway, ChargeCommand command, Tries tries) {
    int tried = tries.next();
    // A retry is a resend: the earlier try may have reached the gateway and may still be in
    // flight, so nothing this one meets proves that no charge was made.
    ChargeCommand sent = tried == 0 ? command : command.sentAgain();
    return spans.traced(
        new Call(gateway.name(), "charge", command.reference(), command.orderId()),
        tried,
        () -> observed(gateway, () -> gateway.charge(sent)),
        GatewaySpans::outcome);
  }

  @Retry(
      retryOn = GatewayUnavailable.class,
      abortOn = {UnheardWord.class, GatewayRefusedCall.class},
      maxRetries = 3,
      delay = 200,
      jitter = 100,
      maxDuration = 30_000)
  public GatewayCharge retrieve(PaymentGateway gateway, String chargeId, Tries tries) {
    return spans.traced(
        new Call(gateway.name(), "retrieve", null, null),
        tries.next(),
        () -> observed(gateway, () -> gateway.retrieve(chargeId)),
        GatewaySpans::outcome);
  }

  /** {@link PaymentGateway#afterAuthentication}, traced and observed like a read-back. */
  public GatewayCharge afterAuthentication(
      PaymentGateway gateway, ChargeCommand command, String chargeId, Tries tries) {
    return spans.traced(
        new Call(gateway.name(), "after-authentication", null, null),
        tries.next(),
        () -> observed(gateway, () -> gateway.afterAuthentication(command, chargeId)),
        GatewaySpans::outcome);
  }

  /**
   * The answer to a charge, or what the gateway holds when the answer may not say it: an answer
   * naming another amount or currency than was asked for (the gateway keeps what it did, and an
   * answer can be garbled on its way), and the answer to a create sent again, which may be the
   * gateway's replay of its first answer (what it holds now may differ: a refund made since). A
   * person decides only when the read-back says the same; when none can be had, the attempt stays
   * in doubt ({@link GatewayUnavailable}), to be asked again.
   */
  public GatewayCharge believed(
      PaymentGateway gateway, ChargeCommand command, GatewayCharge answer, boolean resent) {
    boolean disagrees =
        answer.status() != ChargeStatus.DECLINED
            && (answer.amount() != command.amount()
                || !command.currency().equalsIgnoreCase(answer.currency()));
    boolean mayBeStale = resent && answer.status() == ChargeStatus.SUCCEEDED;
    if (!(disagrees || mayBeStale) || answer.chargeId() == null) {
      return answer;
    }
    try {
      return retrieve(gateway, answer.chargeId(), new Tries());
    } catch (GatewayRejected | GatewayUnavailable noSecondOpinion) {
      throw new GatewayUnavailable(
          gateway.name(),
          (disagrees ? "answered another amount" : "answered a create sent again")
              + " and could not be read back",
          noSecondOpinion);
    }
  }

  /**
   * A charge's refunds, the command's own told apart; not retried here (a refund left in doubt is
   * asked about again by the payment sweep).
   */
  public ListedRefunds refundsOf(PaymentGateway gateway, RefundCommand command) {
    return spans.traced(
        new Call(gateway.name(), "refunds", command.gatewayKey(), command.orderId()),
        0,
        () -> observed(gateway, () -> gateway.refundsOf(command)),
        listed -> "refunded " + listed.total() + (listed.ours().isPresent() ? ", ours" : ""));
  }

  /** Not retried here: reconciliation asks again on its next round. */
  public Optional<GatewayCharge> lookup(PaymentGateway gateway, String reference, long orderId) {
    return spans.traced(
        new Call(gateway.name(), "lookup", reference, orderId),
        0,
        () -> observed(gateway, () -> gateway.lookup(reference, orderId)),
        found -> found.map(GatewaySpans::outcome).orElse("none"));
  }

  /**
   * Cancels a payment still waiting on the customer, where the gateway allows it, with what its
   * attempt kept of the gateway's answer ({@code kept}); not retried here (the abandonment sweep
   * asks again on its next round).
   */
  public GatewayCharge cancel(PaymentGateway gateway, String chargeId, Map<String, Object> kept) {
    return spans.traced(
        new Call(gateway.name(), "cancel", null, null),
        0,
        () -> observed(gateway, () -> gateway.cancel(chargeId, kept)),
        GatewaySpans::outcome);
  }

  /**
   * A payment told to end, as the read-back after the end ({@code readBack}) shows it, unless that
   * still shows it waiting on the customer where the end's own answer ({@code ended}) did not: the
   * read-back is there to show money that raced the end, not to reopen what the gateway ended
   * (PayPay reads a payment whose code it deleted as {@code CREATED} still).
   */
  public static GatewayCharge afterEnd(GatewayCharge ended, GatewayCharge readBack) {
    boolean reopens =
        CancelPhases.waitsOnCustomer(readBack.status())
            && !CancelPhases.waitsOnCustomer(ended.status());
    return reopens ? ended : readBack;
  }

  /** Sends a refund under its key; not retried here (the refund's sender asks again later). */
  public GatewayRefundAnswer refund(PaymentGateway gateway, RefundCommand command) {
    return spans.traced(
        new Call(gateway.name(), "refund", command.gatewayKey(), command.orderId()),
        0,
        () -> observed(gateway, () -> gateway.refund(command)),
        answer -> "refunded");
  }

  /**
   * Tells {@link GatewayRefusals} what the gateway made of our credentials: a refused call counts,
   * any other answer (a decline and a rejection included) shows they were accepted.
   */
  private <T> T observed(PaymentGateway gateway, Supplier<T> call) {
    try {
      T answer = call.get();
      refusals.accepted(gateway.name());
      return answer;
    } catch (GatewayRefusedCall refused) {
      refusals.refused(refused);
      throw refused;
    } catch (GatewayRejected rejected) {
      refusals.accepted(gateway.name());
      throw rejected;
    }
  }
}

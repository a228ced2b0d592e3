package io.ichido.webhooks.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ichido.idempotency.boundary.IdempotencyStore;
import io.ichido.idempotency.entity.ClaimOutcome;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimOutcome.Completed;
import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.IdempotencyKeyEvent;
import io.ichido.idempotency.entity.StoredResponse;
import io.ichido.payments.boundary.PaymentNotices;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.NoticeEffect;
import io.ichido.payments.gateway.GatewayWebhook;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.payments.gateway.WebhookRejected;
import io.ichido.platform.control.Json;
import io.ichido.platform.control.Sha256;
import io.ichido.webhooks.entity.WebhookAnswer;
import io.ichido.webhooks.entity.WebhookProcessed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.InputStream;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Takes one delivery from authentication to its effects: the event id is claimed in the idempotency
 * store, the notice is applied and the key completed in one transaction, so that either all of an
 * event's effects committed (and every later delivery is a duplicate) or none did (and the key is
 * free for the gateway's next try). Only that transaction writes a fact: a repeat delivery is retry
 * traffic, answered from the store and announced as the idempotency layer announces its own replays
 * and in-flight answers, so that a genuine delivery sent again and again (KOMOJU signs no
 * timestamp) is counted, never chained.
 */
@ApplicationScoped
public class WebhookReceiver {

  private static final Logger LOG = Logger.getLogger(WebhookReceiver.class.getName());
  private static final long POLL_MILLIS = 100;

  @Inject @Any Instance<GatewayWebhook> dialects;
  @Inject IdempotencyStore keys;
  @Inject WebhookTransactions transactions;
  @Inject PaymentNotices payments;
  @Inject WebhookSettings settings;
  @Inject WebhookMetrics metrics;
  @Inject WebhookSpans spans;
  @Inject RejectionWarnings warnings;
  @Inject Event<WebhookProcessed> processed;
  @Inject Event<IdempotencyKeyEvent> answered;

  /** The outcome of one delivery. */
  public sealed interface Receipt {
    /** First delivery, or a repeat: 200 with this answer. */
    record Answered(WebhookAnswer answer) implements Receipt {}

    /** The first delivery of this event is still being processed: ask again later. */
    record InFlight(long retryAfterSeconds) implements Receipt {}
  }

  /**
   * @param body the request's entity stream, read here up to {@code ichido.webhooks.max-body-bytes}
   * @throws UnknownGateway when no dialect has that name
   * @throws WebhookTooLarge when the body is longer than the cap (nothing of it is read beyond)
   * @throws WebhookRejected when the delivery does not authenticate, or the gateway is not usable
   *     (see {@link PaymentNotices#accepts})
   */
  public Receipt receive(String gateway, HttpHeaders headers, InputStream body) {
    GatewayWebhook dialect =
        dialects.stream()
            .filter(d -> d.gateway().equals(gateway))
            .findFirst()
            .orElseThrow(() -> new UnknownGateway(gateway));
    ReceivedEvent event;
    try {
      if (!payments.accepts(gateway)) {
        // Off, or with a missing or public secret: no signature could be trusted, so the body is
        // not even read.
        throw new WebhookRejected(gateway, "is not accepted by this server");
      }
      byte[] bytes = WebhookBody.read(gateway, headers.getLength(), body, settings.maxBodyBytes());
      if (!dialect.signed()) {
        return hinted(gateway, dialect.hinted(bytes));
      }
      event = dialect.read(headers, bytes);
    } catch (WebhookRejected rejected) {
      // Anyone can send these, as many as they like: a metric and a rate-limited line, never a
      // write, least of all to the payment log.
      metrics.count(gateway, "rejected");
      spans.rejected(gateway);
      warnings.rejected(gateway, rejected.getMessage());
      throw rejected;
    }
    ClaimRequest claim =
        new ClaimRequest(
            "webhook:" + gateway,
            event.eventId(),
            fingerprint(gateway, event.eventId()),
            "POST",
            "/webhooks/" + gateway,
            settings.retention(),
            settings.lease());
    long waitUntil = System.nanoTime() + settings.inFlightWait().toNanos();
    while (true) {
      ClaimOutcome outcome = keys.claim(claim);
      if (outcome instanceof Claimed claimed) {
        return new Receipt.Answered(process(claimed, event));
      }
      if (outcome instanceof Completed) {
        metrics.count(gateway, "duplicate");
        spans.handled(event, "duplicate");
        answered(IdempotencyKeyEvent.Kind.REPLAYED, claim, 200);
        LOG.log(
            Level.FINE,
            "{0} event {1} was already processed",
            new Object[] {gateway, event.eventId()});
        return new Receipt.Answered(WebhookAnswer.ALREADY_PROCESSED);
      }
      if (outcome instanceof ClaimOutcome.Mismatch) {
        throw new IllegalStateException("The fingerprint is a function of the key alone");
      }
      ClaimOutcome.InUse inUse = (ClaimOutcome.InUse) outcome;
      if (System.nanoTime() >= waitUntil) {
        metrics.count(gateway, "in_flight");
        spans.handled(event, "in_flight");
        answered(IdempotencyKeyEvent.Kind.IN_USE, claim, 409);
        return new Receipt.InFlight(inUse.retryAfterSeconds());
      }
      pause();
    }
  }

  /**
   * An unsigned delivery: the charge it names is read back from the gateway, and only that answer
   * is applied. Nothing of the delivery itself is stored, not even its id, so anyone may send these
   * without writing a byte; a read-back that fails leaves the payment to the sweep's polling.
   */
  private Receipt hinted(String gateway, Optional<String> chargeId) {
    if (chargeId.isEmpty()) {
      metrics.count(gateway, "ignored");
      return new Receipt.Answered(WebhookAnswer.IGNORED);
    }
    try {
      NoticeEffect effect = payments.hinted(gateway, chargeId.get());
      metrics.count(gateway, effect == NoticeEffect.APPLIED ? "processed" : "duplicate");
      LOG.log(
          Level.FINE,
          "{0} hint for {1}, read back: {2}",
          new Object[] {gateway, chargeId.get(), effect});
      return new Receipt.Answered(
          effect == NoticeEffect.APPLIED ? WebhookAnswer.PROCESSED : WebhookAnswer.READ_BACK);
    } catch (RuntimeException noAnswer) {
      metrics.count(gateway, "failed");
      LOG.log(
          Level.INFO,
          "{0} hint for {1} could not be read back now ({2}); the sweep polls it",
          new Object[] {gateway, chargeId.get(), noAnswer.getClass().getSimpleName()});
      return new Receipt.Answered(WebhookAnswer.READ_BACK);
    }
  }

  /**
   * The event told of money for a charge we have not heard taken: the charge is read back now that
   * nothing is held; if the gateway cannot answer now, its sweep reads it later.
   */
  private void readBack(ReceivedEvent event) {
    String chargeId = event.notice().map(GatewayNotice::chargeId).orElse(null);
    if (chargeId == null) {
      return;
    }
    try {
      NoticeEffect read = payments.hinted(event.gateway(), chargeId);
      LOG.log(
          Level.INFO,
          "{0} event {1} ({2}) told of money for a charge not heard taken; read back: {3}",
          new Object[] {event.gateway(), event.eventId(), event.type(), read});
    } catch (RuntimeException noAnswer) {
      LOG.log(
          Level.INFO,
          "{0} event {1}: charge {2} could not be read back now ({3}); its sweep reads it",
          new Object[] {
            event.gateway(), event.eventId(), chargeId, noAnswer.getClass().getSimpleName()
          });
    }
  }

  private WebhookAnswer process(Claimed claimed, ReceivedEvent event) {
    try {
      NoticeEffect effect =
          transactions.required(
              () -> {
                NoticeEffect applied =
                    event.notice().map(payments::apply).orElse(NoticeEffect.NO_CHANGE);
                processed.fire(processed(event, applied));
                keys.complete(claimed, stored(WebhookAnswer.PROCESSED));
                return applied;
              });
      metrics.count(event.gateway(), "processed");
      spans.handled(event, "processed");
      if (effect == NoticeEffect.READ_BACK) {
        readBack(event);
      } else if (effect == NoticeEffect.UNKNOWN_CHARGE) {
        LOG.log(
            Level.WARNING,
            "{0} event {1} ({2}) names no charge of ours",
            new Object[] {event.gateway(), event.eventId(), event.type()});
      } else {
        LOG.log(
            Level.INFO,
            "{0} event {1} ({2}): {3}",
            new Object[] {event.gateway(), event.eventId(), event.type(), effect});
      }
      return WebhookAnswer.PROCESSED;
    } catch (Exception e) {
      // Now or, if the database that just failed the work is away, once it is back: a release
      // that threw here would hide the failure and leave the event in flight until its lease ends.
      keys.releaseWhenPossible(claimed);
      metrics.count(event.gateway(), "failed");
      spans.handled(event, "failed");
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e);
    }
  }

  private static WebhookProcessed processed(ReceivedEvent event, NoticeEffect effect) {
    return new WebhookProcessed(
        event.gateway(),
        event.eventId(),
        event.type(),
        event.notice().map(GatewayNotice::chargeId).orElse(null),
        event.notice().map(GatewayNotice::amount).orElse(null),
        event.notice().map(GatewayNotice::currency).orElse(null),
        effect.name());
  }

  /** A repeat answered without processing: one record of retry traffic for the event id. */
  private void answered(IdempotencyKeyEvent.Kind outcome, ClaimRequest claim, int status) {
    answered.fire(
        new IdempotencyKeyEvent(
            outcome, claim.scope(), claim.key(), claim.method(), claim.path(), status, null));
  }

  /** The bytes JAX-RS would write for the answer: the same mapper, so the same bytes. */
  private static StoredResponse stored(WebhookAnswer answer) {
    try {
      return new StoredResponse(
          200, "application/json", null, Json.MAPPER.writeValueAsBytes(answer));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A record of one string always serializes", e);
    }
  }

  /** One event id is one event, whatever its body: a redelivery may be re-signed or re-encoded. */
  private static String fingerprint(String gateway, String eventId) {
    return Sha256.hex(gateway + ":" + eventId);
  }

  private static void pause() {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for a webhook in flight", e);
    }
  }
}

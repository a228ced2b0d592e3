package io.ichido.notifications.control;

import io.ichido.notifications.entity.ClaimedEmail;
import io.ichido.notifications.entity.OutboxEmail;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;

/**
 * One span per send from the outbox: which email ({@code ichido.outbox.dedupe_key}, the order), its
 * attempt number and what became of it ({@code ichido.outbox.outcome}: sent, pending for a later
 * try, failed for good, or unrecorded when the lease had passed to another sender or the database
 * failed). The recipient, subject and body stay out.
 */
@ApplicationScoped
public class OutboxSpans {

  @Inject Tracer tracer;

  Span sending(ClaimedEmail email) {
    Span span =
        tracer
            .spanBuilder("outbox send")
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute("ichido.outbox.dedupe_key", email.dedupeKey())
            .setAttribute("ichido.outbox.attempt", (long) email.attempts() + 1)
            .startSpan();
    if (email.orderId() != null) {
      span.setAttribute("ichido.order.id", email.orderId());
    }
    return span;
  }

  /**
   * @param status the email's status once the attempt was recorded, null when it was not
   */
  void ended(Span span, OutboxEmail.Status status, Exception failure) {
    span.setAttribute(
        "ichido.outbox.outcome",
        status == null ? "unrecorded" : status.name().toLowerCase(Locale.ROOT));
    if (failure != null) {
      span.setAttribute("error.type", failure.getClass().getName());
      span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
    }
    span.end();
  }
}

package io.ichido.payments.control;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One span per try of a gateway call, current while it runs, so that the HTTP client's own span and
 * the {@code traceparent} the gateway receives hang under it. Attributes name the gateway, the
 * operation, our reference of the attempt, the retry number and the outcome; never the request, the
 * card token or any key (exception messages may quote them, so only their type is kept).
 */
@ApplicationScoped
public class GatewaySpans {

  static final AttributeKey<String> GATEWAY = AttributeKey.stringKey("ichido.gateway");
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("ichido.gateway.operation");
  static final AttributeKey<String> REFERENCE = AttributeKey.stringKey("ichido.payment.reference");
  static final AttributeKey<Long> ORDER = AttributeKey.longKey("ichido.order.id");
  static final AttributeKey<Long> RETRY = AttributeKey.longKey("ichido.gateway.retry");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("ichido.gateway.outcome");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  @Inject Tracer tracer;

  /** What one call is about: a charge attempt (reference and order) or a charge by its id. */
  record Call(String gateway, String operation, String reference, Long orderId) {}

  <T> T traced(Call call, int retry, Supplier<T> send, Function<T, String> outcome) {
    Span span =
        tracer
            .spanBuilder(call.gateway() + " " + call.operation())
            .setAttribute(GATEWAY, call.gateway())
            .setAttribute(OPERATION, call.operation())
            .setAttribute(RETRY, (long) retry)
            .startSpan();
    if (call.reference() != null) {
      span.setAttribute(REFERENCE, call.reference());
    }
    if (call.orderId() != null) {
      span.setAttribute(ORDER, call.orderId());
    }
    Scope current = span.makeCurrent();
    try {
      T answer = send.get();
      span.setAttribute(OUTCOME, outcome.apply(answer));
      return answer;
    } catch (RuntimeException failure) {
      span.setAttribute(OUTCOME, failureOutcome(failure));
      span.setAttribute(ERROR_TYPE, failure.getClass().getName());
      span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
      throw failure;
    } finally {
      current.close();
      span.end();
    }
  }

  static String outcome(GatewayCharge charge) {
    return charge.status().name().toLowerCase(Locale.ROOT);
  }

  private static String failureOutcome(RuntimeException failure) {
    if (failure instanceof GatewayUnavailable) {
      return "unavailable";
    }
    if (failure instanceof GatewayRejected) {
      return "rejected";
    }
    return "error";
  }
}

package io.ichido.payments.gateway.stripe;

import com.stripe.exception.ApiConnectionException;
import com.stripe.net.HttpURLConnectionClient;
import com.stripe.net.StripeRequest;
import com.stripe.net.StripeResponse;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * stripe-java's HTTP client with what MicroProfile Telemetry gives the Rest Client adapters for
 * free: a client span per request and the trace context in its headers ({@code traceparent}). Only
 * the method, host, path and status are recorded: Stripe's paths carry object ids, never keys, and
 * the body (with the card's payment method) stays out.
 */
final class TracedStripeHttp extends HttpURLConnectionClient {

  private final Tracer tracer;
  private final TextMapPropagator propagator;

  TracedStripeHttp(Tracer tracer, TextMapPropagator propagator) {
    this.tracer = tracer;
    this.propagator = propagator;
  }

  @Override
  public StripeResponse request(StripeRequest request) throws ApiConnectionException {
    URL url = request.url();
    String method = request.method().name();
    Span span =
        tracer
            .spanBuilder(method)
            .setSpanKind(SpanKind.CLIENT)
            .setAttribute("http.request.method", method)
            .setAttribute("server.address", url.getHost())
            .setAttribute("url.path", url.getPath())
            .startSpan();
    Scope current = span.makeCurrent();
    try {
      Map<String, String> headers = new LinkedHashMap<>();
      propagator.inject(Context.current(), headers, Map::put);
      StripeRequest traced = request;
      for (Map.Entry<String, String> header : headers.entrySet()) {
        traced = traced.withAdditionalHeader(header.getKey(), header.getValue());
      }
      StripeResponse response = super.request(traced);
      span.setAttribute("http.response.status_code", (long) response.code());
      if (response.code() >= 500) {
        span.setStatus(StatusCode.ERROR);
      }
      return response;
    } catch (ApiConnectionException | RuntimeException failure) {
      span.setAttribute("error.type", failure.getClass().getName());
      span.setStatus(StatusCode.ERROR);
      throw failure;
    } finally {
      current.close();
      span.end();
    }
  }
}

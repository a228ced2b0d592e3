package io.ichido.sandbox;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Stripe's {@code Idempotency-Key} on every POST: the first answer under a key is replayed with
 * {@code Idempotent-Replayed: true}; the key with other parameters or another endpoint is 400
 * {@code idempotency_error}; a key whose first request still runs is 409 {@code
 * idempotency_key_in_use}.
 */
final class StripeIdempotency {

  private final Replays replays = new Replays(Replays.WhileInFlight.CONFLICT);

  /** Runs {@code work} once per key; {@code form} and the path identify the request. */
  SandboxResponse execute(
      SandboxRequest request, Map<String, String> form, Supplier<SandboxResponse> work) {
    String key = request.header("Idempotency-Key");
    Replays.Outcome outcome = replays.execute(key, request.path() + Form.canonical(form), work);
    if (outcome.inFlight()) {
      return StripeErrors.error(
          409,
          "idempotency_error",
          "idempotency_key_in_use",
          null,
          "There is currently another in-progress request using this idempotent key (that"
              + " probably means you submitted twice, and the other request is still going"
              + " through): "
              + key
              + ". Please try again later.");
    }
    if (!outcome.sameRequest()) {
      return StripeErrors.error(
          400,
          "idempotency_error",
          null,
          null,
          "Keys for idempotent requests can only be used with the same parameters they were first"
              + " used with. Try using a key other than '"
              + key
              + "' if you meant to execute a different request.");
    }
    SandboxResponse response = outcome.response();
    if (outcome.replayed()) {
      response = response.withHeader("Idempotent-Replayed", "true");
    }
    return key == null ? response : response.withHeader("Idempotency-Key", key);
  }

  void clear() {
    replays.clear();
  }
}

package io.ichido.payments.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.platform.control.Json;
import java.util.Map;

/**
 * Where a charge request ended: the attempt as recorded, the order's status after it, and what the
 * customer needs next (payment instructions, where 3-D Secure continues, and, from a fresh answer
 * only, the client secret the gateway's browser library finishes 3-D Secure with). {@code
 * processing}: the customer is back from the gateway's page and the gateway has not decided yet
 * ({@link ReturnRereads}); its page is then not offered again.
 */
public record ChargeOutcome(
    ChargeAttempt attempt,
    String orderStatus,
    Map<String, Object> instructions,
    String authorizeUri,
    String clientSecret,
    boolean processing) {

  public ChargeOutcome(
      ChargeAttempt attempt,
      String orderStatus,
      Map<String, Object> instructions,
      String authorizeUri,
      String clientSecret) {
    this(attempt, orderStatus, instructions, authorizeUri, clientSecret, false);
  }

  /**
   * The same, being processed: the customer is done at the gateway's page, which is not offered.
   */
  ChargeOutcome asProcessing() {
    return new ChargeOutcome(attempt, orderStatus, instructions, null, null, true);
  }

  /**
   * From the gateway's fresh answer, or, without one, from what the attempt kept. An answer that
   * still requires action but no longer says where (2C2P's inquiry) leaves the kept link in place.
   */
  static ChargeOutcome of(ChargeAttempt attempt, String orderStatus, GatewayCharge answer) {
    if (answer != null
        && attempt.status() == answer.status()
        && (answer.status() != ChargeStatus.REQUIRES_ACTION || answer.authorizeUri() != null)) {
      return new ChargeOutcome(
          attempt,
          orderStatus,
          answer.instructions(),
          answer.authorizeUri(),
          answer.status() == ChargeStatus.REQUIRES_ACTION ? answer.clientSecret() : null);
    }
    Map<String, Object> kept = kept(attempt);
    Object authorizeUri = kept.get("authorize_uri");
    if (authorizeUri == null && kept.get("redirect_url") != null) {
      authorizeUri = kept.get("redirect_url");
    }
    return new ChargeOutcome(
        attempt, orderStatus, kept, authorizeUri == null ? null : authorizeUri.toString(), null);
  }

  /** Never the client secret (see {@link GatewayCharge#toString}). */
  @Override
  public String toString() {
    return "ChargeOutcome[attempt=%s, orderStatus=%s, authorizeUri=%s, processing=%s]"
        .formatted(attempt.id(), orderStatus, authorizeUri, processing);
  }

  /** What the attempt kept of its gateway's answer: its instructions, or none. */
  static Map<String, Object> kept(ChargeAttempt attempt) {
    if (attempt.instructions() == null) {
      return Map.of();
    }
    try {
      return Json.MAPPER.readValue(
          attempt.instructions(), new TypeReference<Map<String, Object>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Attempt " + attempt.id() + " keeps unreadable JSON", e);
    }
  }
}

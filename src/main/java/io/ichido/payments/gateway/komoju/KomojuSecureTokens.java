package io.ichido.payments.gateway.komoju;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.UnheardWord;
import io.ichido.platform.control.Json;

/**
 * KOMOJU's 3-D Secure for a card paid through the API, "3D Secure Without a Session"
 * (doc.komoju.com/docs/3d-secure): a secure token for the amount and the card, with our return URL;
 * KOMOJU either needs the customer at its {@code authentication_url} ({@code NEEDS_VERIFY}) or has
 * authenticated the card already ({@code OK}, or {@code SKIPPED} when the issuer asked for no
 * challenge: the frictionless case); {@code ERRORED} is the end of it. Only then is the payment
 * made, with the token as its {@code payment_details}.
 *
 * <p>The token is created under a key derived from the attempt's ({@link #key}), so the same
 * attempt always finds the same token, however often it is sent; KOMOJU replays the first answer to
 * a key, whose status may be stale by then, so a token sent again and not yet verified is read
 * again by id.
 */
final class KomojuSecureTokens {

  /** The prefix of our charge id for an attempt still at its secure token: no payment exists. */
  static final String PREFIX = "secure_token:";

  private final KomojuApi komoju;
  private final String authorization;

  KomojuSecureTokens(KomojuApi komoju, String authorization) {
    this.komoju = komoju;
    this.authorization = authorization;
  }

  /** Where a card's authentication stands. */
  enum Verification {
    /** The customer has to go to {@code authenticationUrl}. */
    NEEDS_VERIFY,
    /** Authenticated, or no challenge asked: the payment can be made. */
    VERIFIED,
    /** KOMOJU will not authenticate this card: no payment is made with it. */
    ERRORED
  }

  /** A secure token as KOMOJU last told of it. */
  record Token(
      String id,
      Verification verification,
      String authenticationUrl,
      String reason,
      long amount,
      String currency) {

    /** Our charge id for the attempt while no payment exists. */
    String chargeId() {
      return PREFIX + id;
    }
  }

  /** Whether {@code chargeId} names a secure token rather than a KOMOJU payment. */
  static boolean names(String chargeId) {
    return chargeId != null && chargeId.startsWith(PREFIX);
  }

  /** The attempt's token, created under its key the first time, and its status now. */
  Token of(ChargeCommand command) {
    ObjectNode request = Json.MAPPER.createObjectNode();
    request.put("amount", command.amount());
    request.put("currency", command.currency());
    request.put("return_url", command.returnUrl());
    request.put("payment_details", command.token());
    Token created =
        read(
            GatewayHttp.call(
                KomojuGateway.NAME,
                () -> komoju.createSecureToken(authorization, key(command), json(request))));
    // A first send's answer is fresh: nobody has seen the authentication page yet. Sent again (a
    // return, a resend, the sweep), KOMOJU replays the first answer, stale by now: read it by id.
    return command.resent() && created.verification() == Verification.NEEDS_VERIFY
        ? read(created.id())
        : created;
  }

  /** The token an attempt's charge id names ({@link #names}), as KOMOJU has it now. */
  Token ofCharge(String chargeId) {
    return read(chargeId.substring(PREFIX.length()));
  }

  /** The token as KOMOJU has it now, by id (a read of that very token). */
  Token read(String id) {
    return read(
        GatewayHttp.call(KomojuGateway.NAME, () -> komoju.retrieveSecureToken(authorization, id)));
  }

  /**
   * The token's own key: the attempt's key with a suffix, so that it never meets the payment's
   * (KOMOJU keeps keys of at most 100 characters; ours are 46).
   */
  static String key(ChargeCommand command) {
    return command.gatewayKey() + "-3ds";
  }

  private static Token read(Answer answer) {
    JsonNode body = answer.body();
    if (!answer.ok()) {
      String code = GatewayHttp.text(body.path("error"), "code");
      GatewayHttp.requireAccepted(KomojuGateway.NAME, answer, code);
      if (KomojuCode.of(answer.status(), code) == KomojuCode.Meaning.IN_FLIGHT) {
        throw new GatewayUnavailable(
            KomojuGateway.NAME, "idempotency key still in flight (409)", null);
      }
      throw new GatewayRejected(KomojuGateway.NAME, "secure token " + code);
    }
    String id = GatewayHttp.text(body, "id");
    String status = GatewayHttp.text(body, "verification_status");
    Verification verification =
        switch (String.valueOf(status)) {
          case "NEEDS_VERIFY" -> Verification.NEEDS_VERIFY;
          case "OK", "SKIPPED" -> Verification.VERIFIED;
          case "ERRORED" -> Verification.ERRORED;
          default -> throw new UnheardWord(KomojuGateway.NAME, "verification_status", status);
        };
    if (id == null) {
      throw new UnheardWord(KomojuGateway.NAME, "secure token id", null);
    }
    return new Token(
        id,
        verification,
        GatewayHttp.text(body, "authentication_url"),
        GatewayHttp.text(body, "reason"),
        GatewayHttp.amount(KomojuGateway.NAME, body, "amount"),
        GatewayHttp.text(body, "currency"));
  }

  private static String json(ObjectNode request) {
    try {
      return Json.MAPPER.writeValueAsString(request);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A tree of strings always serializes", e);
    }
  }
}

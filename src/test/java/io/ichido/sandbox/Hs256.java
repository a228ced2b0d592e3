package io.ichido.sandbox;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTDecodeException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * 2C2P's HS256 JWTs. The claims are written and read with the sandbox's own ObjectMapper so that
 * decimals such as {@code 5672.00} keep their scale; java-jwt signs and verifies.
 */
final class Hs256 {

  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final String HEADER =
      ENCODER.encodeToString(
          "{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

  private final Algorithm algorithm;
  private final JWTVerifier verifier;

  Hs256(String secret) {
    this.algorithm = Algorithm.HMAC256(secret);
    this.verifier = JWT.require(algorithm).build();
  }

  /** {@code claims}: a JsonNode or a map; decimals keep their scale either way. */
  String sign(Object claims) {
    String payload = ENCODER.encodeToString(Json.bytes(claims));
    byte[] signature =
        algorithm.sign(
            HEADER.getBytes(StandardCharsets.US_ASCII),
            payload.getBytes(StandardCharsets.US_ASCII));
    return HEADER + "." + payload + "." + ENCODER.encodeToString(signature);
  }

  /** The claims of a token signed with this secret; throws for any other token. */
  JsonNode verify(String token) {
    return claims(verifier.verify(token).getPayload());
  }

  /** The claims without checking the signature: only to match faults, never to act on. */
  static JsonNode peek(String token) {
    try {
      return claims(JWT.decode(token).getPayload());
    } catch (JWTDecodeException e) {
      return null;
    }
  }

  private static JsonNode claims(String encodedPayload) {
    JsonNode claims = Json.parse(Base64.getUrlDecoder().decode(encodedPayload));
    if (claims == null || !claims.isObject()) {
      throw new JWTDecodeException("The payload is not a JSON object.");
    }
    return claims;
  }
}

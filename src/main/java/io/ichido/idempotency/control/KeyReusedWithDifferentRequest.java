package io.ichido.idempotency.control;

/** The key was first used for another method, path or body. */
public class KeyReusedWithDifferentRequest extends RuntimeException {

  public KeyReusedWithDifferentRequest() {
    super("This Idempotency-Key was already used for a different request");
  }
}

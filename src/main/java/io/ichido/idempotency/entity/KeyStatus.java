package io.ichido.idempotency.entity;

/** Life of an idempotency key: claimed by a running request, then completed with its answer. */
public enum KeyStatus {
  IN_FLIGHT,
  COMPLETED
}

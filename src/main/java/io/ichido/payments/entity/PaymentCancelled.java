package io.ichido.payments.entity;

/**
 * The order's shop called its payment off before any was made, decided under the order's lock: no
 * attempt of it is in doubt, those its gateway could end were ended there, and money still reported
 * for it goes back by itself. {@code actor} is the caller who cancelled, {@code reason} what they
 * gave (null when none).
 */
public record PaymentCancelled(long orderId, String actor, String reason) {}

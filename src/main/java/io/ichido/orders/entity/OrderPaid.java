package io.ichido.orders.entity;

/**
 * The order's payment arrived and the order is paid, in the transaction that decided it (which
 * holds the order's row lock). {@code customerEmail} is where the receipt goes, when the payer gave
 * one; {@code gateway} and {@code chargeId} name the money; {@code paid} is what it brought (the
 * order's amount, or less when an operator accepted a short payment from review).
 */
public record OrderPaid(
    OrderDetails order, String customerEmail, String gateway, String chargeId, long paid) {}

package io.ichido.payments.control;

/** A refund intent committed: its sender may start once the transaction that made it commits. */
record RefundQueued(long refundId) {}

package io.ichido.payments.control;

/** What a merchant's refund request goes on with: its refund, and whether this request made it. */
record RefundStep(long refundId, boolean created) {}

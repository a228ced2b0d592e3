package io.ichido.audit.entity;

/** What an entry records. */
public enum LogKind {
  ORDER_CREATED,
  ORDER_STATUS_CHANGED,
  STOCK_MOVED,
  CHARGE_REQUESTED,
  GATEWAY_ANSWERED,
  /** Money a gateway reported for an attempt that is not the order's payment: it goes back. */
  PAYMENT_SURPLUS,
  /** A surplus went back to the customer through its gateway. */
  SURPLUS_REFUNDED,
  /**
   * A surplus could not go back by itself: the review queue lists it, with an operator's ways out
   * (ask again, or record it given back in the gateway's portal).
   */
  SURPLUS_REFUND_FAILED,
  /** An operator recorded money given back outside Ichido (the gateway's portal), naming it. */
  RETURN_RECORDED,
  /** An operator recorded what the gateway's portal shows for a charge in doubt, naming it. */
  OUTCOME_RECORDED,
  /** An operator recorded what the gateway's portal shows for a refund in doubt, naming it. */
  REFUND_OUTCOME_RECORDED,
  /** Someone asked for money of a paid order back; its intent committed (not money yet). */
  REFUND_REQUESTED,
  /**
   * Money given back of an order's payment, by a refund we sent or one the gateway reported (made
   * in its dashboard): {@code amount} is this refund's own, {@code details.refundedTotal} the
   * charge's so far.
   */
  REFUNDED,
  /** The gateway refused a refund someone asked for: nothing was given back. */
  REFUND_FAILED,
  /** No longer written: retry traffic is kept beside the log (RetryTraffic); older entries stay. */
  IDEMPOTENT_REPLAY,
  /** No longer written, as {@link #IDEMPOTENT_REPLAY}. */
  IDEMPOTENCY_KEY_IN_USE,
  /** Only a key's first reuse with another body; later ones are counted beside the log. */
  IDEMPOTENCY_KEY_REUSED,
  /**
   * No longer written: a delivery is chained once, as {@link #WEBHOOK_PROCESSED}, which carries all
   * this carried; older entries stay.
   */
  WEBHOOK_RECEIVED,
  /** A delivery won its event id and was processed; the event id is the entry's key. */
  WEBHOOK_PROCESSED,
  /**
   * No longer written: a redelivery is retry traffic, kept beside the log (RetryTraffic, scope
   * {@code webhook:<gateway>}); older entries stay.
   */
  WEBHOOK_DUPLICATE,
  /**
   * No longer written: a rejected delivery is unauthenticated, so anyone could grow the chain with
   * it; rejections are counted ({@code ichido_webhooks_total{outcome="rejected"}}) and logged
   * instead. Kept because entries written before carry it.
   */
  WEBHOOK_REJECTED,
  /**
   * An operator accepted the money of an order in review as its payment (the actor): {@code amount}
   * is what it paid, {@code details.received} what was received.
   */
  REVIEW_ACCEPTED,
  /**
   * Everything an order in review received went back by the refunds an operator asked for (the
   * actor): the order ends.
   */
  REVIEW_REFUNDED,
  /** A paid order's receipt (適格簡易請求書) was issued: its number, totals and tax per rate. */
  RECEIPT_ISSUED,
  /** A refund's return invoice (適格返還請求書) was issued: its number and amounts per rate. */
  RETURN_INVOICE_ISSUED,
  /**
   * A reconciliation (the actor) found a gateway's records and the ledger differ about one piece of
   * money, for the first time: {@code status} is the kind, {@code details} what each side shows.
   */
  BOOKS_DIFFER,
  /** An operator (the actor) resolved a difference between a gateway's records and the ledger. */
  BOOKS_DIFFERENCE_RESOLVED,
  EMAIL_QUEUED,
  EMAIL_SENT,
  EMAIL_FAILED,
  AUDIT_QUERY,
  AUDIT_ACCESS_DENIED,
  CORRECTION
}

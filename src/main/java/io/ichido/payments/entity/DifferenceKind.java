package io.ichido.payments.entity;

/** How a gateway's records and our ledger differ about one piece of money. */
public enum DifferenceKind {
  /** The gateway holds money of a charge no ledger row shows: none of our attempts made it. */
  MONEY_NOT_ON_LEDGER,
  /** The ledger shows money taken by a charge the gateway, asked for that very charge, lacks. */
  NOT_AT_GATEWAY,
  /** The gateway took another amount for the charge than the ledger shows. */
  AMOUNT_DIFFERS,
  /** The gateway took the charge's money in another currency than the ledger shows. */
  CURRENCY_DIFFERS,
  /** The ledger shows more given back of the charge than the gateway ever gave back. */
  REFUND_NOT_MADE
}

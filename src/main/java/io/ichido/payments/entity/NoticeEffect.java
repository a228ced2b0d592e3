package io.ichido.payments.entity;

/** What applying a gateway notice did. */
public enum NoticeEffect {
  /** The charge moved on and its events fired. */
  APPLIED,
  /** Told before (or overtaken by a later fact): nothing changed. */
  NO_CHANGE,
  /**
   * It tells of money for a charge we have not heard taken: the charge is to be read back from the
   * gateway, once nothing is held.
   */
  READ_BACK,
  /** No charge of ours has this id or reference. */
  UNKNOWN_CHARGE
}

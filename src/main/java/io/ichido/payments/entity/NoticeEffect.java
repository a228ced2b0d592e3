package io.ichido.payments.entity;

/** What applying a gateway notice did. */
public enum NoticeEffect {
  /** The charge moved on and its events fired. */
  APPLIED,
  /** Told before (or overtaken by a later fact): nothing changed. */
  NO_CHANGE,
  /** No charge of ours has this id or reference. */
  UNKNOWN_CHARGE
}

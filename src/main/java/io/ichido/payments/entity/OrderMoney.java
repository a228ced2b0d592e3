package io.ichido.payments.entity;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What is known of one order's money: what it owes, whether it still takes a payment, and each
 * attempt's ledger. Immutable: the money decider answers a new one.
 *
 * @param owed what the order costs, in the currency's smallest unit
 * @param open whether the order still takes a payment (not cancelled, lapsed or ended)
 */
public record OrderMoney(long owed, String currency, boolean open, List<AttemptMoney> attempts) {

  public OrderMoney {
    Objects.requireNonNull(currency, "A currency is required.");
    attempts = List.copyOf(attempts);
  }

  /** An order with nothing charged yet. */
  public static OrderMoney of(long owed, String currency) {
    return new OrderMoney(owed, currency, true, List.of());
  }

  public Optional<AttemptMoney> attempt(long id) {
    return attempts.stream().filter(a -> a.id() == id).findFirst();
  }

  /** The attempt that is the order's payment, if one is. */
  public Optional<AttemptMoney> payment() {
    return attempts.stream().filter(a -> a.role() == Role.PAYMENT).findFirst();
  }

  /** Whether a person decides about some of its money: another amount, or a disputed payment. */
  public boolean inReview() {
    return attempts.stream().anyMatch(AttemptMoney::reviewed);
  }

  public OrderMoney with(AttemptMoney attempt) {
    boolean known = attempt(attempt.id()).isPresent();
    List<AttemptMoney> next =
        known
            ? attempts.stream().map(a -> a.id() == attempt.id() ? attempt : a).toList()
            : Stream.concat(attempts.stream(), Stream.of(attempt)).toList();
    return new OrderMoney(owed, currency, open, next);
  }

  public OrderMoney closed() {
    return new OrderMoney(owed, currency, false, attempts);
  }

  /** What an attempt is to its order's money. */
  public enum Role {
    /**
     * Nothing taken yet, and it holds the order's one slot: in doubt, or waiting for the customer.
     */
    WAITING,
    /** Ended with nothing taken (declined, rejected, expired, abandoned): holds no slot. */
    ENDED,
    /** The order's payment: it keeps {@code paid} of what it took; the rest goes back. */
    PAYMENT,
    /** Money a person decides on: another amount or currency than the order's. */
    REVIEW,
    /** Money the order does not owe: all of it goes back. */
    SURPLUS
  }

  /**
   * One attempt's ledger.
   *
   * @param received what the gateway took for it
   * @param returned what the gateway gave back of it, by whoever's hand
   * @param returning what we asked the gateway to give back and it has not confirmed yet
   * @param paid for the payment, what the order keeps of what it took (before refunds)
   * @param returnRefused the gateway refused to give back what the order does not keep
   * @param refundable the gateway gives money back by API, and named the charge
   * @param dispute what the customer's bank disputes of it, and holds
   */
  public record AttemptMoney(
      long id,
      Role role,
      String currency,
      long received,
      long returned,
      long returning,
      long paid,
      boolean returnRefused,
      boolean refundable,
      Dispute dispute) {

    public AttemptMoney {
      Objects.requireNonNull(role, "A role is required.");
      Objects.requireNonNull(dispute, "A dispute (or none) is required.");
    }

    /** Whether a dispute about it is open: a person decides what the order keeps. */
    public boolean disputed() {
      return dispute.state() == Dispute.State.OPEN;
    }

    /**
     * Whether a dispute about it is open and some of it is not back with the customer by a refund:
     * the merchant may contest what the bank took, a person's decision even when the bank took all
     * it still held.
     */
    public boolean contested() {
      return disputed() && returned < received;
    }

    /** What disputes hold of it now: taken back by the customer's bank, net of reinstatements. */
    public long withdrawn() {
      return dispute.withdrawn();
    }

    public static AttemptMoney waiting(long id, String currency, boolean refundable) {
      return new AttemptMoney(
          id, Role.WAITING, currency, 0, 0, 0, 0, false, refundable, Dispute.NONE);
    }

    /** What the gateway still holds of it: taken, less what went back or a dispute holds. */
    public long held() {
      return received - returned - withdrawn();
    }

    /**
     * What the order does not keep and nobody has asked back yet: beyond the payment, for the
     * payment; all of it, for a surplus.
     */
    public long loose() {
      long kept = role == Role.PAYMENT ? Math.max(0, paid - refundedOfPayment()) : 0;
      return Math.max(0, held() - returning - kept);
    }

    /** What went back of the payment itself, once what it took beyond the price went back. */
    public long refundedOfPayment() {
      return role == Role.PAYMENT ? Math.max(0, returned - (received - paid)) : 0;
    }

    /** Whether a person decides about what it holds: another amount, or a disputed payment. */
    public boolean reviewed() {
      return (role == Role.REVIEW || disputed()) && held() > 0;
    }

    public boolean holdsMoney() {
      return role == Role.PAYMENT || role == Role.REVIEW || role == Role.SURPLUS;
    }

    public AttemptMoney as(Role next) {
      return with(next, returned, returning, paid, returnRefused);
    }

    /** Taken by the gateway, in {@code takenCurrency}; {@code keeps} of it pays the order. */
    public AttemptMoney taken(Role next, String takenCurrency, long amount, long keeps) {
      return new AttemptMoney(
          id, next, takenCurrency, amount, 0, 0, keeps, false, refundable, Dispute.NONE);
    }

    /** The gateway has given back {@code total} in all, {@code settled} of it what we asked. */
    public AttemptMoney returnedTotal(long total, long settled) {
      AttemptMoney next = with(role, total, Math.max(0, returning - settled), paid, returnRefused);
      // A refused return is no longer waiting once nothing loose is left.
      return next.loose() > 0 ? next : next.retried();
    }

    /** Asks {@code amount} more back; a refused return stays refused until it is asked again. */
    public AttemptMoney asking(long amount) {
      return with(role, returned, returning + amount, paid, returnRefused);
    }

    /** The refused return is asked again, or nothing of it is left to ask. */
    public AttemptMoney retried() {
      return with(role, returned, returning, paid, false);
    }

    /** The gateway refused to give back {@code amount} we asked: a person decides. */
    public AttemptMoney refused(long amount) {
      return with(role, returned, Math.max(0, returning - amount), paid, true);
    }

    /** The order's payment now, keeping {@code keeps} of what it took. */
    public AttemptMoney paying(long keeps) {
      return with(Role.PAYMENT, returned, returning, keeps, false);
    }

    /** Its gateway gives money back by API, and has now named the charge. */
    public AttemptMoney refundableNow() {
      return new AttemptMoney(
          id, role, currency, received, returned, returning, paid, returnRefused, true, dispute);
    }

    /** The customer's bank disputes it. */
    public AttemptMoney inDispute() {
      return disputing(new Dispute(Dispute.State.OPEN, dispute.withdrawn(), dispute.seen()));
    }

    /** What the customer's bank disputes of it now. */
    public AttemptMoney disputing(Dispute next) {
      return new AttemptMoney(
          id, role, currency, received, returned, returning, paid, returnRefused, refundable, next);
    }

    private AttemptMoney with(
        Role nextRole, long nextReturned, long nextReturning, long nextPaid, boolean refused) {
      return new AttemptMoney(
          id,
          nextRole,
          currency,
          received,
          nextReturned,
          nextReturning,
          nextPaid,
          refused,
          refundable,
          dispute);
    }
  }

  /**
   * A dispute (chargeback) about one attempt's charge, as far as the gateway has told it.
   *
   * @param withdrawn what the customer's bank holds of the charge now, net of what it gave back
   * @param seen how many movements of the dispute's money the gateway had made when it last told it
   *     (Stripe's {@code balance_transactions}): a report with fewer is older, and changes nothing
   */
  public record Dispute(State state, long withdrawn, int seen) {

    public static final Dispute NONE = new Dispute(State.NONE, 0, 0);

    public Dispute {
      Objects.requireNonNull(state, "A state is required.");
    }

    /** Where a dispute stands. */
    public enum State {
      NONE,
      OPEN,
      /** Closed, won by the merchant: the order keeps what its payment holds. */
      WON,
      /** Closed, lost: what the bank took stays with the customer. */
      LOST;

      public boolean ended() {
        return this == WON || this == LOST;
      }
    }
  }
}

package io.ichido.payments.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A charge's refunds as its gateway lists them now, each with whose it is as far as the gateway can
 * say: the refund a command sent ({@link Whose#OURS}, known by what the gateway keeps of what we
 * sent with it), one somebody else made ({@link Whose#ANOTHER}: the merchant portal, another refund
 * of ours), or {@link Whose#UNTOLD} where the gateway keeps nothing of ours with a refund.
 */
public record ListedRefunds(List<Listed> refunds) {

  /** Whose a listed refund is. */
  public enum Whose {
    OURS,
    ANOTHER,
    UNTOLD
  }

  /** One refund of the charge: the gateway's id for it and what it gave back. */
  public record Listed(String id, long amount, Whose whose) {

    public Listed {
      Objects.requireNonNull(whose, "Whose it is, or untold, is required.");
      if (amount < 0) {
        throw new IllegalArgumentException("A refund gives nothing back below zero: " + amount);
      }
    }
  }

  public ListedRefunds {
    refunds = List.copyOf(refunds);
  }

  /** What the charge has given back in all, by anyone's hand. */
  public long total() {
    return refunds.stream().mapToLong(Listed::amount).sum();
  }

  /** The refund the command sent, where the gateway names it. */
  public Optional<Listed> ours() {
    return refunds.stream().filter(r -> r.whose() == Whose.OURS).findFirst();
  }

  /** Whether the gateway said of every refund whose it is. */
  public boolean told() {
    return refunds.stream().noneMatch(r -> r.whose() == Whose.UNTOLD);
  }

  /** The last untold refund of exactly {@code amount}. */
  public Optional<Listed> lastUntoldOf(long amount) {
    return refunds.stream()
        .filter(r -> r.whose() == Whose.UNTOLD && r.amount() == amount)
        .reduce((earlier, later) -> later);
  }
}

package io.ichido.payments.entity;

import java.util.Arrays;
import java.util.Optional;

/** How the customer pays. Cards settle at once; the others wait for the customer. */
public enum PaymentMethod {
  CARD("card", true),
  KONBINI("konbini", false),
  BANK_TRANSFER("bank_transfer", false),
  PAYPAY("paypay", false),
  RAKUTEN_PAY("rakutenpay", false);

  private final String wireName;
  private final boolean synchronous;

  PaymentMethod(String wireName, boolean synchronous) {
    this.wireName = wireName;
    this.synchronous = synchronous;
  }

  public String wireName() {
    return wireName;
  }

  public boolean synchronous() {
    return synchronous;
  }

  public static Optional<PaymentMethod> fromWire(String name) {
    return Arrays.stream(values()).filter(m -> m.wireName.equals(name)).findFirst();
  }
}

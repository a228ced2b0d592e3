package io.ichido.receipts.entity;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A qualified invoice issuer's registration number (適格請求書発行事業者登録番号): {@code T} and 13 digits, the
 * first of which checks the other twelve as in a corporate number (法人番号): 9 minus the sum of the
 * digits, counted from the right and doubled at even positions, modulo 9.
 */
public record RegistrationNumber(String value) {

  private static final Pattern FORM = Pattern.compile("T[0-9]{13}");

  public RegistrationNumber {
    Objects.requireNonNull(value, "A registration number is required.");
    if (!FORM.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "A registration number is T and 13 digits (half-width), not \"" + value + "\".");
    }
    int expected = checkDigit(value.substring(2));
    if (value.charAt(1) - '0' != expected) {
      throw new IllegalArgumentException(
          "Registration number " + value + " fails its check digit: it would be " + expected + ".");
    }
  }

  /** The check digit of the twelve digits that follow it. */
  static int checkDigit(String twelveDigits) {
    int sum = 0;
    for (int position = 1; position <= 12; position++) {
      int digit = twelveDigits.charAt(12 - position) - '0';
      sum += position % 2 == 0 ? digit * 2 : digit;
    }
    return 9 - sum % 9;
  }

  @Override
  public String toString() {
    return value;
  }
}

package io.ichido.receipts.entity;

import java.util.Objects;

/** Who issues the documents: the seller's name and registration number, as configured. */
public record Issuer(String name, RegistrationNumber registrationNumber) {

  public Issuer {
    Objects.requireNonNull(name, "The issuer's name is required.");
    if (name.isBlank()) {
      throw new IllegalArgumentException("The issuer's name is required.");
    }
    Objects.requireNonNull(registrationNumber, "A registration number is required.");
  }
}

package io.ichido.orders.boundary;

import jakarta.inject.Inject;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** Asks the shop's stockroom, so that an order for an unknown SKU is a 400 before any lock. */
public class KnownSkuValidator implements ConstraintValidator<KnownSku, String> {

  @Inject Stockroom stockroom;

  @Override
  public boolean isValid(String sku, ConstraintValidatorContext context) {
    return sku == null || sku.isBlank() || sku.length() > 64 || stockroom.sells(sku);
  }
}

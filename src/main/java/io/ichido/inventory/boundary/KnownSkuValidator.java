package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

public class KnownSkuValidator implements ConstraintValidator<KnownSku, String> {

  @Inject Inventory inventory;

  @Override
  public boolean isValid(String sku, ConstraintValidatorContext context) {
    return sku == null || sku.isBlank() || sku.length() > 64 || inventory.product(sku).isPresent();
  }
}

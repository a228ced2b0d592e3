package io.ichido.orders.boundary;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The value is the SKU of a product in the catalogue. */
@Documented
@Constraint(validatedBy = KnownSkuValidator.class)
@Target({
  ElementType.FIELD,
  ElementType.PARAMETER,
  ElementType.RECORD_COMPONENT,
  ElementType.METHOD
})
@Retention(RetentionPolicy.RUNTIME)
public @interface KnownSku {

  String message() default "is not a SKU in the catalogue";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};
}

package io.ichido.payments.gateway;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.enterprise.util.Nonbinding;
import jakarta.inject.Qualifier;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Names a gateway's bean, so that it is found by name without being built: a gateway that is off
 * has no base URL to build its client from.
 */
@Qualifier
@Retention(RUNTIME)
@Target({TYPE, FIELD, PARAMETER})
public @interface Gateway {

  /** The name its configuration, its requests and its webhook path use. */
  String value();

  /** Where it is listed among the others (readiness, configuration problems): lowest first. */
  @Nonbinding
  int listed();

  /** Properties under {@code ichido.gateway.<name>.} it cannot work without, beyond its key. */
  @Nonbinding
  String[] requires() default {};

  /**
   * Whether it signs its webhooks with its secret key, so that webhook secrets of its own are set
   * only while that key rotates (2C2P).
   */
  @Nonbinding
  boolean signsWebhooksWithSecretKey() default false;

  /**
   * Whether its webhooks carry no signature at all (PayPay): a delivery is then only a hint naming
   * a payment, which is read back from the gateway, and there are no webhook secrets to set.
   */
  @Nonbinding
  boolean unsignedWebhooks() default false;

  /** For selecting a gateway by name. */
  final class Named extends AnnotationLiteral<Gateway> implements Gateway {
    private static final long serialVersionUID = 1L;
    private final String value;

    public Named(String value) {
      this.value = value;
    }

    @Override
    public String value() {
      return value;
    }

    @Override
    public int listed() {
      return 0;
    }

    @Override
    public String[] requires() {
      return new String[0];
    }

    @Override
    public boolean signsWebhooksWithSecretKey() {
      return false;
    }

    @Override
    public boolean unsignedWebhooks() {
      return false;
    }
  }
}

package io.ichido.idempotency.boundary;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import jakarta.ws.rs.NameBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a JAX-RS resource method safe to retry: the first request with a given {@code
 * Idempotency-Key} runs, repeats receive the stored answer. The resource must be a CDI bean (any
 * resource class in a bean archive is) so that the transactional half of the layer can wrap it.
 */
@NameBinding
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Idempotent {

  /** Whether a request without the header is refused (400) or simply runs unprotected. */
  @Nonbinding
  boolean required() default true;

  /**
   * How long a completed key is remembered, as an ISO-8601 duration ({@code PT48H}); empty means
   * {@code ichido.idempotency.retention}.
   */
  @Nonbinding
  String retention() default "";
}

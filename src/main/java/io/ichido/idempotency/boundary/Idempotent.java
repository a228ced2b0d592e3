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
 *
 * <p>"The same request" means the same method, matched path, query string (parameters as sent, in
 * order) and body, a JSON body compared as {@link CanonicalJson}. A JSON body that nests arrays and
 * objects deeper than {@code ichido.idempotency.max-json-depth} (64) gets 400 {@code
 * request-too-deep} and nothing is recorded. Keys belong to the authenticated caller, or to the
 * value of {@link #scopeHeader()}.
 */
@NameBinding
@InterceptorBinding
@Inherited
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Idempotent {

  /**
   * The request header that names whose keys these are ({@code "X-Tenant"}), for an endpoint that
   * callers reach without authenticating. Empty (the default): the authenticated principal names
   * them, and a request without one gets 500 {@code idempotency-scope-missing} without the endpoint
   * running, since unauthenticated callers would otherwise all share one scope and each other's
   * stored answers.
   *
   * <p>Named, the header is the scope of every request to the endpoint, authenticated or not:
   * {@code header:<name>:<value>}. A request without it, with it twice, or with a value that is not
   * 1 to 128 printable ASCII characters gets 400 before anything is recorded. Callers who send the
   * same value share keys and stored answers, so name a header the caller cannot choose freely (one
   * set by an authenticating proxy, say), and never one that carries a secret: the scope is stored
   * with the key and written to logs.
   */
  @Nonbinding
  String scopeHeader() default "";

  /** Whether a request without the header is refused (400) or simply runs unprotected. */
  @Nonbinding
  boolean required() default true;

  /**
   * How long a completed key is remembered, as an ISO-8601 duration ({@code PT48H}); empty means
   * {@code ichido.idempotency.retention}.
   */
  @Nonbinding
  String retention() default "";

  /**
   * Whether the layer runs the method in one container transaction with the recording of its answer
   * (the default), so that the endpoint's writes and the stored answer commit together or not at
   * all.
   *
   * <p>{@code false} is for an endpoint that calls the outside world between short transactions of
   * its own: the layer opens no transaction around it, and records the answer in a transaction of
   * its own after the method returned. The contract then becomes weaker, and the endpoint carries
   * the difference:
   *
   * <ul>
   *   <li>the stored answer commits after the endpoint's own writes. A crash in between leaves the
   *       key in flight until its lease ends (requests with it get 409 meanwhile); the retry after
   *       that runs the method again, which must find its own recovery point (what it recorded
   *       before the crash) rather than repeat work;
   *   <li>a 5xx answer or a {@linkplain TransientFailure transient failure} still releases the key,
   *       but nothing is rolled back: whatever the endpoint committed stays, and the retry runs on
   *       top of it;
   *   <li>a request that outlived its lease and was taken over answers 409, but its own writes stay
   *       committed; only its answer is not recorded.
   * </ul>
   */
  @Nonbinding
  boolean transactional() default true;
}

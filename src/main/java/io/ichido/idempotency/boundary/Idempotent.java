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

  /**
   * The members of a JSON body that make two requests under one key the same request, as JSON
   * Pointers (RFC 6901: {@code "/amount"}, {@code "/items/0/sku"}); every other member may change
   * between retries. Empty (the default): the whole body counts. The method, path and query string
   * always count.
   *
   * <p>Checked when the application deploys: a pointer must name a property of the method's request
   * type (as Jackson names it: {@code @JsonProperty} honoured), through lists by index and maps by
   * any name; an untyped body ({@code JsonNode}, {@code Map}, {@code String}) takes any well-formed
   * pointer. A pointer that names nothing, a malformed one, or one on a method that takes no body
   * refuses the deployment. Name either this or {@link #fingerprintExclude()}.
   *
   * <p>Changing the pointers of an endpoint changes the fingerprints it makes: a retry of a key
   * recorded before the change gets 422 until that key expires.
   */
  @Nonbinding
  String[] fingerprintInclude() default {};

  /**
   * Members of a JSON body that do not count when two requests under one key are compared, as JSON
   * Pointers: a timestamp, a nonce, a client's retry counter. Checked as {@link
   * #fingerprintInclude()} is.
   */
  @Nonbinding
  String[] fingerprintExclude() default {};

  /**
   * Where the key is in a JSON body (a JSON Pointer to a string member, {@code "/invoiceNo"}), for
   * clients that send it there rather than in the {@code Idempotency-Key} header. The key follows
   * the header's rules (1 to 255 printable ASCII characters); a body without it is refused as a
   * request without the header would be ({@link #required()}), a member that is not such a string
   * gets 400 {@code idempotency-key-invalid}. A request that sends the header as well must name the
   * same key in both. Empty (the default): the key is in the header.
   */
  @Nonbinding
  String keyPointer() default "";

  /**
   * The largest response body, in bytes, stored with a key; -1 (the default) means {@code
   * ichido.idempotency.max-stored-response-bytes} (1 MiB). A larger answer goes to its first
   * request whole and is recorded without its body: a replay gets 409 {@code
   * idempotency-response-not-stored}, naming the first answer's status and {@code Location}, and
   * the endpoint does not run again.
   */
  @Nonbinding
  long maxStoredBytes() default -1;

  /** Which failed answers the key keeps; see {@link Failures}. */
  @Nonbinding
  Failures failures() default Failures.KEPT;

  /**
   * What a failed answer does to its key. Transient failures (5xx, or an exception classified
   * transient) always give the key back; this decides for the other failures (4xx). Whatever is not
   * kept is rolled back with the endpoint's own writes in its transaction.
   */
  enum Failures {
    /** A 4xx answer is recorded and replayed like a success: a declined card stays declined. */
    KEPT,
    /**
     * Only a success (below 400) is recorded; a failed request gives the key back, and the next
     * request with it, whatever its body, runs as new.
     */
    RELEASED,
    /**
     * Only a success is recorded; after a failure the key remembers its request: the same request
     * again runs again, another one under that key gets 422 (as Stripe's v2 API does).
     */
    RETRIED
  }
}

package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.IdempotencyKeys;
import io.ichido.idempotency.control.KeyEvents;
import io.ichido.idempotency.control.KeyReleases;
import io.ichido.idempotency.control.LeaseLost;
import io.ichido.idempotency.control.PendingRequest;
import io.ichido.idempotency.control.ResponseCapture;
import io.ichido.idempotency.control.ResponseCapture.Captured;
import io.ichido.idempotency.control.Transactions;
import io.ichido.idempotency.control.TransientFailures;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.IdempotencyKeyEvent.Kind;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.Serial;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The transactional half of {@link Idempotent}: runs the resource method and records its answer in
 * one container transaction, so the endpoint's writes and the stored response commit together or
 * not at all. It sits outside {@code @Transactional}, whose transaction the endpoint then joins.
 * With {@link Idempotent#transactional() transactional = false} it opens no transaction around the
 * method and records the answer in a short transaction of its own afterwards.
 */
@Idempotent
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class IdempotentInterceptor {

  private static final Map<Class<?>, Boolean> RESOURCE_CLASSES = new ConcurrentHashMap<>();

  /** Each method's declared answer type, read once (the profile put it at ~1.4 us a request). */
  private static final Map<Method, Optional<MediaType>> DECLARED_TYPES = new ConcurrentHashMap<>();

  @Inject PendingRequest pending;
  @Inject IdempotencyKeys keys;
  @Inject KeyReleases releases;
  @Inject Transactions transactions;
  @Inject TransientFailures transientFailures;
  @Inject KeyEvents events;

  /**
   * Bean Validation's refusal, recognised by name: the layer must load, and guard its endpoints, on
   * a server without Bean Validation too (a NoClassDefFoundError here once left every
   * {@code @Idempotent} endpoint running unguarded).
   */
  static boolean refusedByBeanValidation(Throwable failure) {
    for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
      if (type.getName().equals("jakarta.validation.ConstraintViolationException")) {
        return true;
      }
    }
    return false;
  }

  @AroundInvoke
  Object runOnce(InvocationContext invocation) throws Exception {
    if (!isResource(invocation.getTarget())
        || pending.state() != PendingRequest.State.CLAIMED
        || pending.executed()) {
      return invocation.proceed();
    }
    pending.markExecuted();
    Claimed claim = pending.claim();
    try {
      Recorded recorded =
          pending.policy().transactional()
              ? transactions.required(() -> runAndRecord(invocation, claim, keys::complete))
              : runAndRecord(invocation, claim, this::completeAlone);
      // Only a commit settles the claim; a failed commit leaves it to the response filter.
      pending.completed();
      events.fire(Kind.COMPLETED, pending.request(), recorded.status(), claim.expiresAt());
      return recorded.answer();
    } catch (AnswerNotKept notKept) {
      giveBack(claim, notKept.status, pending.policy().keepsRequestAfterFailure());
      return notKept.response;
    } catch (LeaseLost lost) {
      pending.released();
      throw new WebApplicationException(IdempotencyProblems.inUse(1));
    } catch (Exception failure) {
      // Bean validation refused the call: the endpoint body never ran, nothing may be recorded.
      if (refusedByBeanValidation(failure)) {
        giveBack(claim, 0, false);
      } else if (transientFailures.isTransient(failure)) {
        giveBack(claim, 0, pending.policy().keepsRequestAfterFailure());
      }
      throw failure;
    }
  }

  /**
   * {@code @Idempotent} is the name binding of {@link IdempotencyFilter} too, which makes CDI bind
   * this interceptor to the filter as well; only resource classes are meant.
   */
  private static boolean isResource(Object target) {
    return RESOURCE_CLASSES.computeIfAbsent(
        target.getClass(),
        type -> {
          for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (c.isAnnotationPresent(Path.class)) {
              return true;
            }
            for (Class<?> contract : c.getInterfaces()) {
              if (contract.isAnnotationPresent(Path.class)) {
                return true;
              }
            }
          }
          return false;
        });
  }

  private Recorded runAndRecord(InvocationContext invocation, Claimed claim, Recorder recorder)
      throws Exception {
    Object result = invocation.proceed();
    Captured captured = capture(result, invocation.getMethod());
    int status = captured.stored().status();
    if (transientFailures.isTransient(status) || !pending.policy().keeps(status)) {
      throw new AnswerNotKept(captured.response(), status);
    }
    recorder.record(claim, captured.stored().keptWithin(pending.policy().maxStoredBytes()));
    return new Recorded(
        result instanceof Response || result == null ? captured.response() : result, status);
  }

  private void completeAlone(Claimed claim, StoredResponse stored) {
    if (!keys.completeAlone(claim, stored)) {
      throw new LeaseLost();
    }
  }

  /**
   * Gives the key back: released, or, for an endpoint that retries failures under their key, let go
   * with its request kept.
   */
  private void giveBack(Claimed claim, int status, boolean keepRequest) {
    releases.giveBack(claim, keepRequest);
    pending.released();
    events.fire(Kind.RELEASED, pending.request(), status, null);
  }

  private Captured capture(Object result, Method method) throws java.io.IOException {
    Response response;
    if (result instanceof Response r) {
      response = r;
    } else if (result == null) {
      response = Response.noContent().build();
    } else {
      response = Response.ok(result).build();
    }
    return ResponseCapture.capture(
        response,
        method.getAnnotations(),
        DECLARED_TYPES
            .computeIfAbsent(method, m -> Optional.ofNullable(declaredType(m)))
            .orElse(null),
        pending.providers());
  }

  private static MediaType declaredType(Method method) {
    Produces produces = method.getAnnotation(Produces.class);
    if (produces == null) {
      produces = method.getDeclaringClass().getAnnotation(Produces.class);
    }
    if (produces == null || produces.value().length == 0) {
      return null;
    }
    return MediaType.valueOf(produces.value()[0].split(",")[0].trim());
  }

  /** How the answer is recorded: in the endpoint's transaction, or in one of its own. */
  @FunctionalInterface
  private interface Recorder {
    void record(Claimed claim, StoredResponse stored);
  }

  /** What the endpoint returned, and the status of the answer recorded for it. */
  private record Recorded(Object answer, int status) {}

  /**
   * Leaves the recording (and rolls the layer's transaction back, if it opened one) while still
   * answering with the endpoint's own answer: a transient failure, or a failure the endpoint does
   * not keep ({@link Idempotent#failures()}).
   */
  private static final class AnswerNotKept extends RuntimeException {
    @Serial private static final long serialVersionUID = 1L;

    private final transient Response response;
    private final int status;

    AnswerNotKept(Response response, int status) {
      super(null, null, false, false);
      this.response = response;
      this.status = status;
    }
  }
}

package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.BodyKey;
import io.ichido.idempotency.control.EndpointPolicy;
import io.ichido.idempotency.control.IdempotencyConfig;
import io.ichido.idempotency.control.IdempotencyKeyHeader;
import io.ichido.idempotency.control.IdempotencyKeyPurge;
import io.ichido.idempotency.control.IdempotencyKeys;
import io.ichido.idempotency.control.IdempotencyMetrics;
import io.ichido.idempotency.control.IdempotencyScope;
import io.ichido.idempotency.control.IdempotencySpans;
import io.ichido.idempotency.control.InvalidIdempotencyKey;
import io.ichido.idempotency.control.InvalidScopeHeader;
import io.ichido.idempotency.control.KeyEvents;
import io.ichido.idempotency.control.KeyReleases;
import io.ichido.idempotency.control.LayerCheck;
import io.ichido.idempotency.control.OperationDurations;
import io.ichido.idempotency.control.PendingRequest;
import io.ichido.idempotency.control.RequestBodyTooLarge;
import io.ichido.idempotency.control.RequestFingerprint;
import io.ichido.idempotency.control.ResponseCapture;
import io.ichido.idempotency.control.TransientFailures;
import io.ichido.idempotency.control.UnscopedAnonymousRequest;
import io.ichido.idempotency.entity.ClaimOutcome;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimOutcome.Completed;
import io.ichido.idempotency.entity.ClaimOutcome.InUse;
import io.ichido.idempotency.entity.ClaimOutcome.Mismatch;
import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.IdempotencyKeyEvent.Kind;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.Providers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.security.Principal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The HTTP half of {@link Idempotent}: checks the header, fingerprints the request and claims the
 * key before the resource method runs; answers replays, conflicts and mismatches itself. After the
 * method, it settles claims the transactional half could not (answers that came from exceptions).
 */
@Provider
@Idempotent
@Priority(Priorities.USER)
@ApplicationScoped
public class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

  private static final Logger LOG = Logger.getLogger(IdempotencyFilter.class.getName());

  /** Endpoints already reported as reachable anonymously without a scope: one line each. */
  private static final Set<Method> UNSCOPED_REPORTED = ConcurrentHashMap.newKeySet();

  @Context ResourceInfo resource;
  @Inject BeanManager beans;

  /** Null until the first request asks; then what {@link LayerCheck} found, or empty. */
  private volatile Optional<String> layerProblem;

  @Context Providers providers;

  @Inject IdempotencyConfig config;
  @Inject IdempotencyKeys keys;
  @Inject KeyReleases releases;
  @Inject IdempotencyMetrics metrics;
  @Inject TransientFailures transientFailures;
  @Inject PendingRequest pending;
  @Inject OperationDurations durations;
  @Inject IdempotencySpans spans;
  @Inject KeyEvents events;

  /** Each endpoint's policy, read once. */
  private final Map<Method, EndpointPolicy> policies = new ConcurrentHashMap<>();

  @Override
  public void filter(ContainerRequestContext request) throws IOException {
    Idempotent settings = settings();
    if (!guarded(settings)) {
      request.abortWith(IdempotencyProblems.layerInactive());
      return;
    }
    EndpointPolicy policy = policy(settings);
    String scope;
    try {
      scope = scopeOf(request, settings);
    } catch (UnscopedAnonymousRequest unscoped) {
      reportUnscoped();
      request.abortWith(IdempotencyProblems.unscoped());
      return;
    } catch (InvalidScopeHeader invalid) {
      request.abortWith(
          IdempotencyProblems.invalidScopeHeader(
              invalid.header(), invalid.missing(), invalid.reason()));
      return;
    }
    String headerKey;
    try {
      headerKey =
          IdempotencyKeyHeader.parse(
              request.getHeaders().get(IdempotencyKeyHeader.NAME), config.keyMaxLength());
    } catch (InvalidIdempotencyKey invalid) {
      request.abortWith(IdempotencyProblems.invalidKey(invalid.getMessage()));
      return;
    }
    if (headerKey == null && policy.keyPointer().isEmpty()) {
      if (policy.required()) {
        request.abortWith(IdempotencyProblems.missingKey());
      }
      return;
    }
    byte[] body;
    try {
      body = readBody(request);
    } catch (RequestBodyTooLarge tooLarge) {
      request.abortWith(IdempotencyProblems.tooLarge(tooLarge.limit()));
      return;
    }
    request.setEntityStream(new ByteArrayInputStream(body));

    Optional<CanonicalJson> json;
    try {
      json =
          isJson(request.getMediaType())
              ? CanonicalJson.parse(body, config.maxJsonDepth())
              : Optional.empty();
    } catch (JsonTooDeep tooDeep) {
      request.abortWith(IdempotencyProblems.tooDeep(tooDeep.limit()));
      return;
    }
    String key;
    if (policy.keyPointer().isPresent()) {
      BodyKey found = BodyKey.of(json, policy.keyPointer().get(), config.keyMaxLength());
      if (found.problem() != null) {
        request.abortWith(IdempotencyProblems.invalidKey(found.problem()));
        return;
      }
      if (found.key() == null && headerKey == null) {
        if (policy.required()) {
          request.abortWith(IdempotencyProblems.missingKeyInBody(policy.keyPointer().get()));
        }
        return;
      }
      if (found.key() != null && headerKey != null && !found.key().equals(headerKey)) {
        request.abortWith(
            IdempotencyProblems.invalidKey(
                "Idempotency-Key header and the body's "
                    + policy.keyPointer().get()
                    + " name different keys"));
        return;
      }
      key = found.key() != null ? found.key() : headerKey;
    } else {
      key = headerKey;
    }

    String path = "/" + stripSlashes(request.getUriInfo().getPath());
    String fingerprint =
        RequestFingerprint.of(
            request.getMethod(),
            path,
            request.getUriInfo().getRequestUri().getRawQuery(),
            json,
            body,
            policy.selection());
    ClaimRequest claim =
        new ClaimRequest(
            scope, key, fingerprint, request.getMethod(), path, policy.retention(), config.lease());
    UUID token = UUID.randomUUID();
    ClaimOutcome outcome;
    try {
      outcome = keys.claim(claim, policy.transactional(), token);
    } catch (RuntimeException unknown) {
      // The claim may have committed although its answer was lost with the connection: released
      // by its token once the database is back, or every retry would be told 409 until the lease
      // ends. A claim that never committed, or one already taken over, is left as it is.
      releases.releaseLater(new Claimed(scope, key, token));
      throw unknown;
    }
    Object span = spans.current();
    if (outcome instanceof Claimed claimed) {
      metrics.executed();
      spans.mark(span, IdempotencySpans.Outcome.EXECUTED, scope, key);
      pending.claimed(claimed, claim, policy, providers, span);
      events.fire(Kind.CLAIMED, claim, 0, claimed.expiresAt());
    } else if (outcome instanceof Completed completed) {
      metrics.replayed();
      spans.mark(span, IdempotencySpans.Outcome.REPLAYED, scope, key);
      Response replay = IdempotencyProblems.replay(completed.response());
      events.fire(Kind.REPLAYED, claim, replay.getStatus(), completed.expiresAt());
      request.abortWith(IdempotencyProblems.withExpiry(replay, completed.expiresAt()));
    } else if (outcome instanceof InUse inUse) {
      metrics.inUse();
      spans.mark(span, IdempotencySpans.Outcome.IN_USE, scope, key);
      events.fire(Kind.IN_USE, claim, 409, inUse.expiresAt());
      request.abortWith(
          IdempotencyProblems.withExpiry(
              IdempotencyProblems.inUse(
                  durations.retryAfterSeconds(
                      resource.getResourceMethod(), inUse.retryAfterSeconds())),
              inUse.expiresAt()));
    } else if (outcome instanceof Mismatch mismatch) {
      metrics.mismatched();
      spans.mark(span, IdempotencySpans.Outcome.REUSED, scope, key);
      events.fire(Kind.REUSED, claim, 422, mismatch.expiresAt());
      request.abortWith(
          IdempotencyProblems.withExpiry(IdempotencyProblems.reused(), mismatch.expiresAt()));
    }
  }

  /**
   * Settles a claim the interceptor left open: the endpoint never ran (bad JSON, validation,
   * security), or it failed with an exception that a mapper turned into this answer. Tells the
   * client when the key it used expires, once its answer is recorded.
   */
  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response)
      throws IOException {
    if (pending.state() != PendingRequest.State.NONE) {
      durations.held(resource.getResourceMethod(), pending.heldNanos());
    }
    if (pending.state() == PendingRequest.State.RELEASED) {
      spans.mark(pending.span(), IdempotencySpans.Outcome.RELEASED);
    }
    if (pending.state() == PendingRequest.State.COMPLETED) {
      expiresHeader(response, pending.claim());
    }
    if (pending.state() != PendingRequest.State.CLAIMED) {
      return;
    }
    Claimed claim = pending.claim();
    EndpointPolicy policy = pending.policy();
    int status = response.getStatus();
    if (!pending.executed() || transientFailures.isTransient(status) || !policy.keeps(status)) {
      releases.giveBack(claim, pending.executed() && policy.keepsRequestAfterFailure());
      pending.released();
      spans.mark(pending.span(), IdempotencySpans.Outcome.RELEASED);
      events.fire(Kind.RELEASED, pending.request(), status, null);
      return;
    }
    MediaType type = response.getMediaType();
    byte[] body = null;
    if (response.hasEntity()) {
      body =
          ResponseCapture.write(
              response.getEntity(), response.getEntityAnnotations(), type, providers);
      response.setEntity(body, response.getEntityAnnotations(), type);
    }
    StoredResponse stored =
        new StoredResponse(
            status,
            type == null ? null : type.toString(),
            response.getHeaderString(HttpHeaders.LOCATION),
            body);
    if (keys.completeAlone(claim, stored.keptWithin(policy.maxStoredBytes()))) {
      pending.completed();
      expiresHeader(response, claim);
      events.fire(Kind.COMPLETED, pending.request(), status, claim.expiresAt());
    } else {
      LOG.log(Level.WARNING, "Idempotency key lost its lease before its answer was recorded");
    }
  }

  private static void expiresHeader(ContainerResponseContext response, Claimed claim) {
    if (claim.expiresAt() != null) {
      response
          .getHeaders()
          .putSingle(IdempotencyProblems.EXPIRES, IdempotencyProblems.httpDate(claim.expiresAt()));
    }
  }

  /** The endpoint's policy, read from its annotation on its first request. */
  private EndpointPolicy policy(Idempotent settings) {
    return policies.computeIfAbsent(
        resource.getResourceMethod(), method -> EndpointPolicy.of(settings, config));
  }

  /**
   * Whether the interceptor guards this endpoint. The deployment fails when it would not ({@link
   * io.ichido.idempotency.control.IdempotencyExtension}); should that check not have run (the
   * extension not registered), no request passes: 500, and the endpoint never runs.
   */
  private boolean guarded(Idempotent settings) {
    Optional<String> problem = layerProblem;
    if (problem == null) {
      problem =
          settings == null
              ? Optional.empty()
              : LayerCheck.problem(beans, settings, resource.getResourceClass())
                  .or(keys::storeProblem)
                  .or(() -> LayerCheck.purgeProblem(IdempotencyKeyPurge.scheduled()));
      problem.ifPresent(p -> LOG.log(Level.SEVERE, "Idempotency layer inactive: {0}", p));
      layerProblem = problem;
    }
    return problem.isEmpty();
  }

  private Idempotent settings() {
    Idempotent onMethod = resource.getResourceMethod().getAnnotation(Idempotent.class);
    return onMethod != null
        ? onMethod
        : resource.getResourceClass().getAnnotation(Idempotent.class);
  }

  private byte[] readBody(ContainerRequestContext request) throws IOException {
    int limit = config.maxBodyBytes();
    if (request.getLength() > limit) {
      throw new RequestBodyTooLarge(limit);
    }
    try (InputStream in = request.getEntityStream()) {
      byte[] body = in.readNBytes(limit + 1);
      if (body.length > limit) {
        throw new RequestBodyTooLarge(limit);
      }
      return body;
    }
  }

  private static String scopeOf(ContainerRequestContext request, Idempotent settings) {
    Principal principal =
        request.getSecurityContext() == null
            ? null
            : request.getSecurityContext().getUserPrincipal();
    String header = settings == null ? "" : settings.scopeHeader().strip();
    return IdempotencyScope.of(
        principal == null ? null : principal.getName(),
        header,
        header.isEmpty() ? null : request.getHeaders().get(header));
  }

  private void reportUnscoped() {
    Method endpoint = resource.getResourceMethod();
    if (UNSCOPED_REPORTED.add(endpoint)) {
      LOG.log(
          Level.SEVERE,
          "@Idempotent {0}.{1} is reachable without authentication but names no scope header:"
              + " its unauthenticated requests get 500 idempotency-scope-missing. Require"
              + " authentication for it, or name the header that identifies the caller:"
              + " @Idempotent(scopeHeader = \"...\")",
          new Object[] {endpoint.getDeclaringClass().getName(), endpoint.getName()});
    }
  }

  private static boolean isJson(MediaType type) {
    return type != null
        && (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)
            || type.getSubtype().toLowerCase(Locale.ROOT).endsWith("+json"));
  }

  private static String stripSlashes(String path) {
    int start = 0;
    int end = path.length();
    while (start < end && path.charAt(start) == '/') {
      start++;
    }
    while (end > start && path.charAt(end - 1) == '/') {
      end--;
    }
    return path.substring(start, end);
  }
}

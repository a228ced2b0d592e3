package io.ichido.idempotency.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every setting of the layer, with its default. Each can be overridden by MicroProfile Config,
 * environment variables included ({@code ICHIDO_IDEMPOTENCY_LEASE=PT90S}).
 */
@ApplicationScoped
public class IdempotencyConfig {

  /** The HTTP contract caps keys at 255 characters; configuration may only lower it. */
  static final int CONTRACT_KEY_LIMIT = 255;

  static final String RETENTION = "ichido.idempotency.retention";
  static final String KEY_MAX_LENGTH = "ichido.idempotency.key.max-length";
  static final String DEFAULT_RETENTION = "PT24H";

  @Inject
  @ConfigProperty(name = RETENTION, defaultValue = DEFAULT_RETENTION)
  Duration retention;

  /** Must be longer than the server's transaction timeout: see the HTTP contract. */
  @Inject
  @ConfigProperty(name = "ichido.idempotency.lease", defaultValue = "PT2M")
  Duration lease;

  @Inject
  @ConfigProperty(name = "ichido.idempotency.purge.interval", defaultValue = "PT5M")
  Duration purgeInterval;

  @Inject
  @ConfigProperty(name = "ichido.idempotency.purge.batch-size", defaultValue = "500")
  int purgeBatchSize;

  @Inject
  @ConfigProperty(name = "ichido.idempotency.purge.max-batches", defaultValue = "200")
  int purgeMaxBatches;

  @Inject
  @ConfigProperty(name = KEY_MAX_LENGTH, defaultValue = "255")
  int keyMaxLength;

  @Inject
  @ConfigProperty(name = "ichido.idempotency.max-body-bytes", defaultValue = "1048576")
  int maxBodyBytes;

  /**
   * The largest response body stored with a key, unless an endpoint names its own ({@code
   * Idempotent.maxStoredBytes}): a larger one is recorded without its body.
   */
  @Inject
  @ConfigProperty(name = "ichido.idempotency.max-stored-response-bytes", defaultValue = "1048576")
  long maxStoredResponseBytes;

  /** Deeper JSON bodies get 400 before anything is recorded: see {@code RequestFingerprint}. */
  @Inject
  @ConfigProperty(name = "ichido.idempotency.max-json-depth", defaultValue = "64")
  int maxJsonDepth;

  @Inject
  @ConfigProperty(
      name = "ichido.idempotency.transient-exceptions",
      defaultValue =
          "java.net.SocketTimeoutException,java.net.ConnectException,"
              + "java.net.http.HttpTimeoutException,java.util.concurrent.TimeoutException,"
              + "jakarta.ws.rs.ProcessingException,jakarta.ws.rs.ServiceUnavailableException,"
              + "jakarta.persistence.PessimisticLockException,"
              + "jakarta.persistence.LockTimeoutException,"
              + "jakarta.persistence.QueryTimeoutException")
  List<String> transientExceptions;

  @Inject
  @ConfigProperty(name = "ichido.idempotency.release-on-server-error", defaultValue = "true")
  boolean releaseOnServerError;

  public Duration retention() {
    return positive("retention", retention);
  }

  /**
   * The same setting as {@link #retention()}, for code the runtime makes outside CDI (the OpenAPI
   * filter): read from {@code config}, with the same default.
   */
  public static Duration retention(Config config) {
    return positive(
        "retention",
        config
            .getOptionalValue(RETENTION, Duration.class)
            .orElse(Duration.parse(DEFAULT_RETENTION)));
  }

  /**
   * The same setting as {@link #keyMaxLength()}, for code the runtime makes outside CDI (the
   * OpenAPI filter): read from {@code config}, with the same default and bounds.
   */
  public static int keyMaxLength(Config config) {
    int configured =
        config.getOptionalValue(KEY_MAX_LENGTH, Integer.class).orElse(CONTRACT_KEY_LIMIT);
    return Math.min(Math.max(1, configured), CONTRACT_KEY_LIMIT);
  }

  public Duration lease() {
    return positive("lease", lease);
  }

  public Duration purgeInterval() {
    return positive("purge.interval", purgeInterval);
  }

  public int purgeBatchSize() {
    return Math.max(1, purgeBatchSize);
  }

  public int purgeMaxBatches() {
    return Math.max(1, purgeMaxBatches);
  }

  public int keyMaxLength() {
    return Math.min(Math.max(1, keyMaxLength), CONTRACT_KEY_LIMIT);
  }

  public int maxBodyBytes() {
    return Math.max(0, maxBodyBytes);
  }

  public long maxStoredResponseBytes() {
    return Math.max(0, maxStoredResponseBytes);
  }

  public int maxJsonDepth() {
    return Math.max(1, maxJsonDepth);
  }

  public List<String> transientExceptions() {
    return transientExceptions;
  }

  public boolean releaseOnServerError() {
    return releaseOnServerError;
  }

  private static Duration positive(String name, Duration value) {
    if (value.isNegative() || value.isZero()) {
      throw new IllegalStateException("ichido.idempotency." + name + " must be positive: " + value);
    }
    return value;
  }
}

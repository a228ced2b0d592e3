package io.ichido.audit.control;

import io.ichido.platform.control.PublicSecrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The checkpoint signing key from {@code ichido.audit.checkpoint-key}, read once. Without a usable
 * one no checkpoint is signed, the server says so once at startup (SEVERE, naming the variable,
 * never a value) and readiness is DOWN.
 */
@ApplicationScoped
public class CheckpointKey {

  public static final String PROPERTY = "ichido.audit.checkpoint-key";
  public static final String VARIABLE = "ICHIDO_AUDIT_CHECKPOINT_KEY";

  private static final Logger LOG = Logger.getLogger(CheckpointKey.class.getName());

  /** The key, or why there is none. */
  private record Loaded(SigningKey key, String problem) {}

  @Inject Config config;

  private Loaded loaded;

  @PostConstruct
  void load() {
    loaded = load(config.getOptionalValue(PROPERTY, String.class));
  }

  /** A key as startup reads it from {@code configured}, empty when not configured. */
  public static CheckpointKey of(Optional<String> configured) {
    CheckpointKey key = new CheckpointKey();
    key.loaded = load(configured);
    return key;
  }

  private static Loaded load(Optional<String> configured) {
    if (configured.isEmpty() || configured.get().isBlank()) {
      return new Loaded(null, "is missing");
    }
    try {
      return new Loaded(SigningKey.parse(configured.get()), null);
    } catch (IllegalArgumentException unusable) {
      return new Loaded(null, unusable.getMessage());
    }
  }

  void logAtStartup(@Observes @Initialized(ApplicationScoped.class) Object started) {
    if (loaded.problem() != null) {
      LOG.log(
          Level.SEVERE,
          "No checkpoint of the payment log is signed: {0} ({1}) {2}. Readiness is DOWN until it"
              + " holds an Ed25519 private key, PKCS#8 PEM or base64 DER"
              + " (openssl genpkey -algorithm ed25519; docs/audit.md, Checkpoints).",
          new Object[] {VARIABLE, PROPERTY, loaded.problem()});
    } else if (PublicSecrets.isDemoSigningKey(loaded.key().publicKeyDigest())) {
      LOG.log(
          Level.WARNING,
          "{0} ({1}) is the development key this repository publishes: anyone can sign"
              + " checkpoints with it. Fine for ./mvnw -Prun and the tests, never for real traffic"
              + " (docs/operations.md, Production).",
          new Object[] {VARIABLE, PROPERTY});
    } else {
      LOG.log(Level.INFO, "Payment log checkpoints are signed with key {0}", loaded.key().keyId());
    }
  }

  public Optional<SigningKey> key() {
    return Optional.ofNullable(loaded.key());
  }

  /** Why no checkpoint can be signed, e.g. "is missing"; empty when the key is usable. */
  public Optional<String> problem() {
    return Optional.ofNullable(loaded.problem());
  }
}

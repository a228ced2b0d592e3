package io.ichido.audit.boundary;

import io.ichido.audit.control.CheckpointKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while no checkpoint can be signed: a log without checkpoints cannot prove that nothing
 * was cut off its end. The data names the property with its variable and the reason, or the key's
 * id, never a value.
 */
@Readiness
@ApplicationScoped
public class CheckpointReadiness implements HealthCheck {

  static final String NAME = "audit-checkpoints";

  @Inject CheckpointKey key;

  @Override
  public HealthCheckResponse call() {
    Map<String, Object> data = new LinkedHashMap<>();
    key.key().ifPresent(signing -> data.put("keyId", signing.keyId()));
    key.problem()
        .ifPresent(
            problem -> data.put(CheckpointKey.PROPERTY, CheckpointKey.VARIABLE + " " + problem));
    Status status = key.problem().isEmpty() ? Status.UP : Status.DOWN;
    return new HealthCheckResponse(NAME, status, Optional.of(data));
  }
}

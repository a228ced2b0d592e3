package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimRequest;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether every retention the application configures outlasts the lease: the layer's own ({@code
 * ichido.idempotency.retention}) and each {@code @Idempotent(retention = ...)}. A shorter one lets
 * a new request take over a key that is still running, which is the one thing the layer is for
 * preventing; {@link IdempotencyExtension} refuses such a deployment.
 */
final class RetentionCheck {

  /** A resource method that names its own retention: {@code Class.method} and the text. */
  record AnnotatedRetention(String method, String retention) {}

  private RetentionCheck() {}

  /** One sentence per problem, naming the settings and their values; empty when none. */
  static List<String> problems(
      Duration retention, Duration lease, List<AnnotatedRetention> annotated) {
    List<String> problems = new ArrayList<>();
    ClaimRequest.retentionProblem(
            "ichido.idempotency.retention", retention, "ichido.idempotency.lease", lease)
        .ifPresent(problems::add);
    for (AnnotatedRetention method : annotated) {
      String setting =
          "@Idempotent(retention = \"" + method.retention() + "\") of " + method.method();
      Duration own;
      try {
        own = Duration.parse(method.retention());
      } catch (DateTimeParseException notADuration) {
        problems.add(setting + " is not an ISO-8601 duration (such as PT48H).");
        continue;
      }
      ClaimRequest.retentionProblem(setting, own, "ichido.idempotency.lease", lease)
          .ifPresent(problems::add);
    }
    return problems;
  }
}

package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class IdempotentOperationsTest {

  private static final Duration CONFIGURED = Duration.ofHours(24);

  @Path("ledger/{account: [0-9]+}")
  public static class Ledger {
    @POST
    @Idempotent
    public void post() {}

    @POST
    @Path("short-lived")
    @Idempotent(retention = " PT4S ")
    public void shortLived() {}

    @POST
    @Path("plain")
    public void plain() {}

    @POST
    @Path("{entry: \\d{1,18}}/reverse")
    @Idempotent
    public void reverse() {}
  }

  @Test
  @DisplayName(
      "each @Idempotent operation is found with its own retention, the configured one when it names"
          + " none")
  void operationsKeepTheirRetention() {
    // An application of its own, so that no other test's registrations are seen.
    ClassLoader application = new URLClassLoader(new URL[0], getClass().getClassLoader());
    IdempotentOperations.register(application, Ledger.class);

    Map<String, Duration> keptFor =
        IdempotentOperations.of(application).stream()
            .collect(
                Collectors.toMap(
                    IdempotentOperations.Operation::path, op -> op.keptFor(CONFIGURED)));

    assertThat(keptFor)
        .containsOnly(
            Map.entry("/ledger/{account}", CONFIGURED),
            Map.entry("/ledger/{account}/short-lived", Duration.ofSeconds(4)),
            Map.entry("/ledger/{account}/{entry}/reverse", CONFIGURED));
  }

  @Test
  @DisplayName("a parameter's regular expression is left out of its path, braces in it included")
  void regexesLeftOut() {
    assertThat(IdempotentOperations.withoutRegexes("/orders/{id: \\d{1,18}}/cancel"))
        .isEqualTo("/orders/{id}/cancel");
    assertThat(IdempotentOperations.withoutRegexes("/a/{ x : [a-z]{2}(-[a-z]{2})? }/{y}"))
        .isEqualTo("/a/{x}/{y}");
  }
}

package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ichido.payments.control.GatewayConfigCheck.Problem;
import io.ichido.payments.gateway.Gateway;
import io.ichido.payments.gateway.komoju.KomojuGateway;
import io.ichido.payments.gateway.omise.OmiseGateway;
import io.ichido.payments.gateway.stripe.StripeGateway;
import io.ichido.payments.gateway.twoc2p.TwoC2pGateway;
import io.ichido.sandbox.SandboxConfig;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewayConfigCheckTest {

  /** The gateways as their beans' qualifiers describe them, in the order they are listed. */
  private static final List<Gateway> GATEWAYS =
      Stream.of(StripeGateway.class, OmiseGateway.class, KomojuGateway.class, TwoC2pGateway.class)
          .map(type -> type.getAnnotation(Gateway.class))
          .toList();

  private static List<Problem> check(Map<String, String> config) {
    return GatewayConfigCheck.check(GATEWAYS, name -> Optional.ofNullable(config.get(name)));
  }

  private static Map<String, String> sandbox(String url) {
    return new HashMap<>(SandboxConfig.properties(url));
  }

  /** Stripe pointed at the real API, the rest of the configuration as given. */
  private static Map<String, String> realStripe(String secretKey, String webhookSecrets) {
    Map<String, String> config = new HashMap<>();
    config.put("ichido.gateway.stripe.base-url", "https://api.stripe.com");
    config.put("ichido.gateway.stripe.secret-key", secretKey);
    config.put("ichido.webhooks.stripe.secrets", webhookSecrets);
    return config;
  }

  private static Map<String, String> realTwoC2p() {
    Map<String, String> config = new HashMap<>();
    config.put("ichido.gateway.2c2p.base-url", "https://pgw.2c2p.com");
    config.put("ichido.gateway.2c2p.secret-key", "a-real-merchant-secret");
    config.put("ichido.gateway.2c2p.merchant-id", "764764000001234");
    return config;
  }

  @Test
  @DisplayName("the WAR alone enables no gateway, so nothing is wrong and nothing is usable")
  void nothingConfigured() {
    assertThat(check(Map.of())).isEmpty();
    assertThat(GatewayConfigCheck.check(name -> Optional.empty(), GATEWAYS.get(0))).isEmpty();
  }

  @Test
  @DisplayName("the sandbox's own values are fine while the base URLs are the sandbox on loopback")
  void sandboxOnLoopback() {
    assertThat(check(sandbox("http://localhost:18080"))).isEmpty();
    assertThat(check(sandbox("http://127.0.0.1:18080"))).isEmpty();
    assertThat(check(sandbox("http://[::1]:18080"))).isEmpty();
  }

  @Test
  @DisplayName("a sandbox secret key or webhook secret on a real base URL names both properties")
  void sandboxValuesOnARealBaseUrl() {
    Map<String, String> config = sandbox("http://localhost:18080");
    config.put("ichido.gateway.stripe.base-url", "https://api.stripe.com");

    List<Problem> problems = check(config);

    assertThat(problems)
        .extracting(Problem::variable)
        .containsExactly("ICHIDO_GATEWAY_STRIPE_SECRET_KEY", "ICHIDO_WEBHOOKS_STRIPE_SECRETS");
    assertThat(problems).allSatisfy(p -> assertThat(p.gateway()).isEqualTo("stripe"));
    assertThat(problems.toString())
        .doesNotContain(SandboxConfig.STRIPE_SECRET_KEY)
        .doesNotContain(config.get("ichido.webhooks.stripe.secrets"));
  }

  @Test
  @DisplayName("a sandbox secret among rotated ones counts too")
  void sandboxSecretAmongRotatedOnes() {
    String sandboxSecret = SandboxConfig.properties("x").get("ichido.webhooks.stripe.secrets");

    assertThat(check(realStripe("sk_live_real", "whsec_real_one, " + sandboxSecret)))
        .extracting(Problem::property)
        .containsExactly("ichido.webhooks.stripe.secrets");
  }

  @Test
  @DisplayName("an enabled gateway without its secrets names each missing property")
  void missingSecrets() {
    Map<String, String> config = new HashMap<>();
    config.put("ichido.gateway.komoju.base-url", "https://komoju.com/api/v1");
    config.put("ichido.gateway.2c2p.base-url", "https://sandbox-pgw.2c2p.com");

    assertThat(check(config))
        .extracting(Problem::property, Problem::reason)
        .containsExactly(
            tuple("ichido.gateway.komoju.secret-key", "is missing"),
            tuple("ichido.webhooks.komoju.secrets", "is missing"),
            tuple("ichido.gateway.2c2p.secret-key", "is missing"),
            tuple("ichido.gateway.2c2p.merchant-id", "is missing"));
    assertThat(check(config))
        .extracting(Problem::variable)
        .contains("ICHIDO_GATEWAY_2C2P_SECRET_KEY");
  }

  @Test
  @DisplayName("2C2P needs no webhook secret of its own: it signs with the secret key")
  void twoC2pSignsWithItsSecretKey() {
    assertThat(check(realTwoC2p())).isEmpty();
  }

  @Test
  @DisplayName("2C2P's rotation secrets, when set, may not hold the sandbox's key either")
  void twoC2pRotationSecrets() {
    Map<String, String> config = realTwoC2p();
    config.put(
        "ichido.webhooks.2c2p.secrets",
        "a-real-merchant-secret,"
            + SandboxConfig.properties("x").get("ichido.gateway.2c2p.secret-key"));

    assertThat(check(config))
        .extracting(Problem::variable)
        .containsExactly("ICHIDO_WEBHOOKS_2C2P_SECRETS");
  }

  @Test
  @DisplayName("real secrets on a real base URL are fine")
  void realConfiguration() {
    assertThat(check(realStripe("sk_live_real", "whsec_real"))).isEmpty();
  }

  @Test
  @DisplayName("a real base URL must be HTTPS: the secret key travels with every call")
  void plainHttpOffLoopback() {
    Map<String, String> config = realStripe("sk_live_real", "whsec_real");
    config.put("ichido.gateway.stripe.base-url", "http://api.stripe.com");

    assertThat(check(config))
        .extracting(Problem::property)
        .containsExactly("ichido.gateway.stripe.base-url");
  }

  @Test
  @DisplayName("a base URL that is no absolute http(s) URL is a problem, and not the sandbox")
  void notAUrl() {
    Map<String, String> config = sandbox("http://localhost:18080");
    config.put("ichido.gateway.stripe.base-url", "localhost:18080/stripe");

    assertThat(check(config))
        .extracting(Problem::property)
        .containsExactly(
            "ichido.gateway.stripe.base-url",
            "ichido.gateway.stripe.secret-key",
            "ichido.webhooks.stripe.secrets");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://localhost.example.com/stripe",
        "http://127.example.com/",
        "http://10.0.0.1/",
        "https://api.stripe.com@localhost.example.com/"
      })
  @DisplayName("loopback is read from the URL's host alone, never from a name that merely looks so")
  void notLoopback(String url) {
    assertThat(GatewayConfigCheck.loopback(URI.create(url))).isFalse();
  }
}

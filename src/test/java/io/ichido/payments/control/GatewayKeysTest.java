package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GatewayKeysTest {

  private static GatewayKeys keys(Optional<String> secret) {
    PaymentSettings settings = new PaymentSettings();
    settings.gatewayKeySecret = secret;
    GatewayKeys keys = new GatewayKeys();
    keys.settings = settings;
    keys.init();
    return keys;
  }

  private final GatewayKeys keys = keys(Optional.empty());

  @Test
  @DisplayName("the same caller, key and order always give the same gateway key")
  void stable() {
    assertThat(keys.derive("principal:shop-a", "pay-1", 42))
        .isEqualTo(keys(Optional.empty()).derive("principal:shop-a", "pay-1", 42));
  }

  @Test
  @DisplayName("another caller, key or order never gives the same gateway key")
  void distinct() {
    String key = keys.derive("principal:shop-a", "pay-1", 42);
    assertThat(keys.derive("principal:shop-b", "pay-1", 42)).isNotEqualTo(key);
    assertThat(keys.derive("principal:shop-a", "pay-2", 42)).isNotEqualTo(key);
    assertThat(keys.derive("principal:shop-a", "pay-1", 43)).isNotEqualTo(key);
    // Scope and key cannot run together into the same bytes.
    assertThat(keys.derive("principal:a|", "b", 1))
        .isNotEqualTo(keys.derive("principal:a", "|b", 1));
  }

  @Test
  @DisplayName("the client's key never reaches the gateway, and the result fits KOMOJU's 100")
  void shape() {
    String clientKey = "x".repeat(255);
    String key = keys.derive("principal:shop-a", clientKey, 1);
    assertThat(key).startsWith("ik_").hasSize(46).doesNotContain("xxx");
    assertThat(key.substring(3)).matches("[A-Za-z0-9_-]+");
  }

  @Test
  @DisplayName("a configured secret changes every key")
  void secret() {
    assertThat(keys(Optional.of("s3cret")).derive("principal:shop-a", "pay-1", 42))
        .isNotEqualTo(keys.derive("principal:shop-a", "pay-1", 42));
  }
}

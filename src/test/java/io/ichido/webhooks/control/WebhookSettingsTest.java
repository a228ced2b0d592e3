package io.ichido.webhooks.control;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WebhookSettingsTest {

  @Test
  @DisplayName(
      "ichido.webhooks.retention not longer than ichido.webhooks.lease: the application refuses to"
          + " start, naming both settings and values")
  void refusesARetentionNotLongerThanTheLease() {
    WebhookSettings settings = new WebhookSettings();
    settings.retention = Duration.ofMinutes(1);
    settings.lease = Duration.ofMinutes(2);

    assertThatThrownBy(() -> settings.check(null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "A request could run twice under one key: ichido.webhooks.retention (PT1M) is not"
                + " longer than ichido.webhooks.lease (PT2M), and a key whose retention has ended"
                + " is taken over by the next request with it, even while its first request still"
                + " runs. Make the retention longer than the lease.");

    settings.retention = Duration.ofMinutes(2);
    assertThatThrownBy(() -> settings.check(null)).hasMessageContaining("(PT2M) is not longer");
  }

  @Test
  @DisplayName("the shipped settings (30 days, 2 minutes) start")
  void startsWithTheDefaults() {
    WebhookSettings settings = new WebhookSettings();
    settings.retention = Duration.ofDays(30);
    settings.lease = Duration.ofMinutes(2);

    assertThatCode(() -> settings.check(null)).doesNotThrowAnyException();
  }
}

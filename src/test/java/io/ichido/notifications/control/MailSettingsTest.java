package io.ichido.notifications.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MailSettingsTest {

  private static MailSettings settings(String lease) {
    MailSettings settings = new MailSettings();
    settings.connectTimeout = Duration.ofSeconds(5);
    settings.readTimeout = Duration.ofSeconds(10);
    settings.writeTimeout = Duration.ofSeconds(10);
    settings.lease = Duration.parse(lease);
    settings.senders = 2;
    settings.batchSize = 20;
    return settings;
  }

  @Test
  void aSendIsCutOffAfterItsTimeoutsTogether() {
    assertThat(settings("PT2M").sendDeadline()).isEqualTo(Duration.ofSeconds(25));
  }

  @Test
  void theDefaultsStart() {
    assertThatCode(() -> settings("PT2M").requireLeaseLongerThanSends()).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a lease no longer than one whole send is refused, in one message naming both")
  void leaseMustOutlastASend() {
    assertThatThrownBy(() -> settings("PT25S").requireLeaseLongerThanSends())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "The outbox cannot start: ichido.mail.lease (PT25S) must be longer than"
                + " ichido.mail.connect-timeout + read-timeout + write-timeout (PT25S), or a second"
                + " sender could claim an email still being sent");
    assertThatCode(() -> settings("PT26S").requireLeaseLongerThanSends())
        .doesNotThrowAnyException();
  }

  @Test
  @DisplayName("a zero timeout (wait forever to Jakarta Mail) is refused")
  void timeoutsMustBeBounded() {
    MailSettings settings = settings("PT2M");
    settings.readTimeout = Duration.ZERO;
    assertThatThrownBy(settings::requireLeaseLongerThanSends)
        .hasMessageContaining("ichido.mail.read-timeout must be positive");
  }

  @Test
  void atLeastOneSender() {
    MailSettings settings = settings("PT2M");
    settings.senders = 0;
    assertThatThrownBy(settings::requireLeaseLongerThanSends)
        .hasMessageContaining("ichido.mail.senders");
  }
}

package io.ichido.webhooks.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.gateway.WebhookRejected;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WebhookBodyTest {

  private static final int CAP = 1024;

  /** An endless body that counts what was taken from it. */
  private static final class Endless extends InputStream {
    long taken;

    @Override
    public int read() {
      taken++;
      return 'x';
    }
  }

  @Test
  @DisplayName("a body up to the cap is read whole")
  void withinCap() {
    assertThat(WebhookBody.read("komoju", 3, new ByteArrayInputStream(new byte[3]), CAP))
        .hasSize(3);
    assertThat(WebhookBody.read("komoju", -1, new ByteArrayInputStream(new byte[CAP]), CAP))
        .hasSize(CAP);
    assertThat(WebhookBody.read("komoju", 0, null, CAP)).isEmpty();
  }

  @Test
  @DisplayName("a declared length over the cap: 413 webhook-too-large, not one byte read")
  void declaredTooLong() {
    Endless body = new Endless();
    assertThatThrownBy(() -> WebhookBody.read("komoju", 2L * 1024 * 1024, body, CAP))
        .isInstanceOfSatisfying(
            WebhookTooLarge.class,
            e -> {
              assertThat(e.status()).isEqualTo(413);
              assertThat(e.type()).isEqualTo("webhook-too-large");
            })
        .hasMessage("The komoju webhook body is over 1024 bytes.");
    assertThat(body.taken).isZero();
  }

  @Test
  @DisplayName("an undeclared (chunked) or understated body is read up to cap + 1 bytes, no more")
  void turnsOutTooLong() {
    Endless body = new Endless();
    assertThatThrownBy(() -> WebhookBody.read("komoju", -1, body, CAP))
        .isInstanceOf(WebhookTooLarge.class);
    assertThat(body.taken).isEqualTo(CAP + 1);

    assertThatThrownBy(
            () -> WebhookBody.read("komoju", 10, new ByteArrayInputStream(new byte[CAP + 1]), CAP))
        .isInstanceOf(WebhookTooLarge.class);
  }

  @Test
  @DisplayName("a sender gone mid-body: 400 webhook-rejected, not a server error")
  void unreadable() {
    InputStream broken =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("connection reset");
          }
        };
    assertThatThrownBy(() -> WebhookBody.read("komoju", -1, broken, CAP))
        .isInstanceOfSatisfying(WebhookRejected.class, e -> assertThat(e.status()).isEqualTo(400))
        .isNotInstanceOf(WebhookTooLarge.class);
  }
}

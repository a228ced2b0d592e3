package io.ichido.webhooks.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RejectionWarningsTest {

  private static final long SECOND = 1_000_000_000L;
  private static final Logger LOG = Logger.getLogger(RejectionWarnings.class.getName());

  private final AtomicLong now = new AtomicLong(42 * SECOND);
  private final RejectionWarnings warnings = new RejectionWarnings(now::get);
  private final List<String> lines = new ArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord line) {
          assertThat(line.getLevel()).isEqualTo(Level.WARNING);
          lines.add(MessageFormat.format(line.getMessage(), line.getParameters()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void capture() {
    LOG.addHandler(capture);
  }

  @AfterEach
  void release() {
    LOG.removeHandler(capture);
  }

  @Test
  @DisplayName("one line per gateway per 10 s; the next one says how many were left out")
  void rateLimited() {
    for (int i = 0; i < 1000; i++) {
      warnings.rejected("komoju", "The komoju webhook signature does not verify.");
      now.addAndGet(SECOND / 200); // 1,000 in 5 s
    }
    assertThat(lines)
        .containsExactly("Webhook rejected: The komoju webhook signature does not verify.");

    now.addAndGet(5 * SECOND);
    warnings.rejected("komoju", "The komoju webhook body is over 65536 bytes.");

    assertThat(lines)
        .hasSize(2)
        .last()
        .isEqualTo(
            "Webhook rejected: The komoju webhook body is over 65536 bytes."
                + " (999 more from komoju since the last such line, not logged)");
  }

  @Test
  @DisplayName("each gateway has its own allowance")
  void perGateway() {
    warnings.rejected("komoju", "a");
    warnings.rejected("stripe", "b");
    warnings.rejected("komoju", "c");
    warnings.rejected("stripe", "d");

    assertThat(lines).containsExactly("Webhook rejected: a", "Webhook rejected: b");
  }
}

package io.ichido.platform.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.platform.control.Json;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;
import org.junit.jupiter.api.Test;

class ProblemExceptionMapperTest {

  static final class Busy extends ProblemException {
    @Serial private static final long serialVersionUID = 1L;

    Busy(Object orderId) {
      super(409, "busy", "Busy", "Try later.");
      extension("order_id", orderId);
      extension("charge_id", null);
      retryAfter(7);
    }
  }

  @Test
  void extensionsFollowTheStandardMembersAndNullsAreLeftOut() throws Exception {
    Busy busy = new Busy(42L);

    assertThat(busy.retryAfterSeconds()).isEqualTo(7);
    assertThat(Json.MAPPER.writeValueAsString(ProblemExceptionMapper.problem(busy)))
        .isEqualTo(
            "{\"type\":\"https://ichido.dev/problems/busy\",\"title\":\"Busy\",\"status\":409,"
                + "\"detail\":\"Try later.\",\"order_id\":42}");
  }

  @Test
  void aProblemWithoutExtensionsHasOnlyTheStandardMembers() throws Exception {
    assertThat(Json.MAPPER.writeValueAsString(Problem.of(404, "gone", "Gone", "No such thing.")))
        .isEqualTo(
            "{\"type\":\"https://ichido.dev/problems/gone\",\"title\":\"Gone\",\"status\":404,"
                + "\"detail\":\"No such thing.\"}");
  }
}

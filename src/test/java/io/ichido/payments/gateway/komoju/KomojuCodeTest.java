package io.ichido.payments.gateway.komoju;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.gateway.komoju.KomojuCode.Meaning;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KomojuCodeTest {

  @ParameterizedTest(name = "HTTP {0} {1} is {2}")
  @CsvSource(
      nullValues = "null",
      value = {
        "402, request_failed, DECLINED",
        "402, null, DECLINED",
        "402, something_new, DECLINED",
        "400, card_declined, DECLINED",
        "422, insufficient_funds, DECLINED",
        "400, fraudulent, DECLINED",
        "400, request_failed, DECLINED",
        "409, conflict, IN_FLIGHT",
        "409, null, IN_FLIGHT",
        "409, card_declined, IN_FLIGHT",
        "400, bad_request, REFUSED",
        "401, unauthorized, REFUSED",
        "422, invalid_parameter, REFUSED",
        "400, null, REFUSED",
        "403, Card_Declined, REFUSED"
      })
  void meaning(int status, String code, Meaning meaning) {
    assertThat(KomojuCode.of(status, code)).isEqualTo(meaning);
  }
}

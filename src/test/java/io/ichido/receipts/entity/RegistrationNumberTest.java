package io.ichido.receipts.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RegistrationNumberTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        // The National Tax Agency's own corporate number, as published: 7000012050002.
        "T7000012050002",
        // 9 - (2×1 + 1×2 + 0 + 9×2 + 8 + 7×2 + 6 + 5×2 + 4 + 3×2 + 2 + 1×2 = 74) mod 9 = 7
        "T7123456789012",
        // The repository's placeholder: twelve zeros check to 9.
        "T9000000000000"
      })
  @DisplayName("numbers whose check digit holds are accepted")
  void valid(String number) {
    assertThat(new RegistrationNumber(number).value()).isEqualTo(number);
  }

  @Test
  @DisplayName("a wrong check digit is refused, naming the right one")
  void wrongCheckDigit() {
    assertThatThrownBy(() -> new RegistrationNumber("T8000012050002"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("check digit")
        .hasMessageContaining("would be 7");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "7000012050002", // no T
        "t7000012050002", // lower-case t
        "T700001205000", // 12 digits
        "T70000120500021", // 14 digits
        "T７０００012050002", // full-width digits
        "T 7000012050002",
        ""
      })
  @DisplayName("anything but T and 13 half-width digits is refused")
  void malformed(String number) {
    assertThatThrownBy(() -> new RegistrationNumber(number))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("T and 13 digits");
  }

  @Test
  @DisplayName("every base number has exactly one check digit that passes")
  void oneCheckDigitPerBase() {
    String base = "000012050002";
    long passing =
        java.util.stream.IntStream.rangeClosed(0, 9)
            .filter(
                d -> {
                  try {
                    new RegistrationNumber("T" + d + base);
                    return true;
                  } catch (IllegalArgumentException refused) {
                    return false;
                  }
                })
            .count();
    assertThat(passing).isOne();
  }
}

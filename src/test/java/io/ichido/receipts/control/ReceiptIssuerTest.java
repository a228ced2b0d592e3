package io.ichido.receipts.control;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReceiptIssuerTest {

  private static ReceiptIssuer configured(String name, String number) {
    ReceiptIssuer issuer = new ReceiptIssuer();
    issuer.name = name;
    issuer.registrationNumber = number;
    return issuer;
  }

  @Test
  @DisplayName("startup stops on a registration number that fails its check digit")
  void badCheckDigitStopsStartup() {
    assertThatThrownBy(() -> configured("株式会社イチド", "T1000012050002").check(new Object()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ICHIDO_RECEIPTS_REGISTRATION_NUMBER")
        .hasMessageContaining("check digit");
  }

  @Test
  @DisplayName("startup stops on a blank issuer name")
  void blankNameStopsStartup() {
    assertThatThrownBy(() -> configured("  ", "T7000012050002").check(new Object()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("name");
  }

  @Test
  @DisplayName("a valid number starts, surrounding blanks forgiven")
  void validStarts() {
    assertThatCode(() -> configured("株式会社イチド", " T7000012050002 ").check(new Object()))
        .doesNotThrowAnyException();
  }
}

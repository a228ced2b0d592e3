package io.ichido.payments.gateway.paypay;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.control.GatewayHttp;

/**
 * What PayPay's {@code resultInfo.code} means for us. Its answers are an envelope {@code
 * {"resultInfo":{"code","message","codeId"},"data"}}; the code, not the HTTP status, tells a
 * duplicate from a payment that is not there.
 */
enum PayPayCode {
  /** SUCCESS, REQUEST_ACCEPTED. */
  OK,
  /** DUPLICATE_DYNAMIC_QR_REQUEST: a QR code under this merchantPaymentId exists already. */
  EXISTS,
  /** DYNAMIC_QR_ALREADY_PAID: a code that cannot be deleted, because it was paid. */
  PAID,
  /**
   * DYNAMIC_QR_PAYMENT_NOT_FOUND, DYNAMIC_QR_NOT_FOUND, NO_SUCH_REFUND_ORDER: nothing readable
   * under this id now.
   */
  NOT_FOUND,
  /** Any other refusal of the request itself. */
  REFUSED;

  static String code(JsonNode answer) {
    return GatewayHttp.text(answer.path("resultInfo"), "code");
  }

  static PayPayCode of(JsonNode answer) {
    String code = code(answer);
    if (code == null) {
      return REFUSED;
    }
    return switch (code) {
      case "SUCCESS", "REQUEST_ACCEPTED" -> OK;
      case "DUPLICATE_DYNAMIC_QR_REQUEST" -> EXISTS;
      case "DYNAMIC_QR_ALREADY_PAID" -> PAID;
      case "DYNAMIC_QR_PAYMENT_NOT_FOUND", "DYNAMIC_QR_NOT_FOUND", "NO_SUCH_REFUND_ORDER" ->
          NOT_FOUND;
      default -> REFUSED;
    };
  }
}

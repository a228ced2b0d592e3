package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.gateway.twoc2p.TwoC2pJose;
import io.ichido.payments.gateway.twoc2p.TwoC2pXml;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.security.PrivateKey;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** 2C2P's Payment Maintenance API as the sandbox speaks it: refunds and their status, sealed. */
class SandboxTwoC2pMaintenanceTest extends SandboxTestSupport {

  @Test
  @DisplayName("refunds in part add up in the ledger and the refund status; more than is left: 40")
  void refundsInPartBoundedByWhatIsLeft() throws Exception {
    send(doPayment(paymentToken("ORDER-61", MERCHANT_SECRET), "4111-card-token"));

    TwoC2pXml.Message first = action("ORDER-61", "R", "1000.00", merchant());
    assertThat(first.field("respCode")).isEqualTo("00");
    assertThat(first.field("status")).isEqualTo("RF");
    assertThat(first.field("amount")).isEqualTo("1000.00");
    assertThat(first.field("refundReferenceNo")).isNotBlank();
    assertThat(action("ORDER-61", "R", "1000.00", merchant()).field("respCode"))
        .as("no key: the same request refunds again")
        .isEqualTo("00");
    assertThat(action("ORDER-61", "R", "3673.00", merchant()).field("respCode")).isEqualTo("40");

    TwoC2pXml.Message status = action("ORDER-61", "RS", "5672.00", merchant());
    assertThat(status.field("respCode")).isEqualTo("00");
    assertThat(status.refunds())
        .hasSize(2)
        .allSatisfy(r -> assertThat(r.get("status")).isEqualTo("RF"));
    assertThat(ledger("2c2p", "61").get(0).get("amountRefunded").asLong()).isEqualTo(2000);
  }

  @Test
  @DisplayName("a refund made in the merchant portal is listed by the refund status like any other")
  void portalRefundIsListed() throws Exception {
    send(doPayment(paymentToken("ORDER-65", MERCHANT_SECRET), "4111-card-token"));
    String tranRef = ledger("2c2p", "65").get(0).get("id").asText();

    settle("2c2p", tranRef, "refund");

    TwoC2pXml.Message status = action("ORDER-65", "RS", "5672.00", merchant());
    assertThat(status.refunds()).hasSize(1);
    assertThat(status.refunds().get(0))
        .containsEntry("amount", "5672.00")
        .containsEntry("status", "RF")
        .containsKey("referenceNo");
  }

  @Test
  @DisplayName("an unknown invoice 16, a declined one 12; a request not signed by the merchant 96")
  void refusals() throws Exception {
    assertThat(action("ORDER-62", "R", "1.00", merchant()).field("respCode")).isEqualTo("16");
    send(doPayment(paymentToken("ORDER-63", MERCHANT_SECRET), "decline"));
    assertThat(action("ORDER-63", "R", "1.00", merchant()).field("respCode")).isEqualTo("12");

    send(doPayment(paymentToken("ORDER-64", MERCHANT_SECRET), "4111-card-token"));
    PrivateKey stranger = TwoC2pJose.privateKey(TwoC2pKeys.GATEWAY_PRIVATE);
    assertThat(action("ORDER-64", "R", "1.00", stranger).field("respCode")).isEqualTo("96");
    assertThat(ledger("2c2p", "64").get(0).get("amountRefunded").asLong()).isZero();
  }

  /** Sends one sealed request and opens the answer as the merchant. */
  private TwoC2pXml.Message action(
      String invoiceNo, String processType, String amount, PrivateKey signer) throws Exception {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("version", "3.8");
    fields.put("merchantID", "JT01");
    fields.put("invoiceNo", invoiceNo);
    fields.put("actionAmount", amount);
    fields.put("processType", processType);
    String sealed =
        TwoC2pJose.seal(
            TwoC2pXml.write("PaymentProcessRequest", fields),
            signer,
            TwoC2pJose.publicKey(TwoC2pKeys.GATEWAY_PUBLIC));
    HttpRequest request =
        request("/2c2p/PaymentAction/2.0/action")
            .header("Content-Type", "text/plain")
            .POST(BodyPublishers.ofString(sealed))
            .build();
    String answer = send(request).body();
    return TwoC2pXml.read(
        TwoC2pJose.open(answer, TwoC2pJose.publicKey(TwoC2pKeys.GATEWAY_PUBLIC), merchant()));
  }

  private static PrivateKey merchant() throws Exception {
    return TwoC2pJose.privateKey(TwoC2pKeys.MERCHANT_PRIVATE);
  }
}

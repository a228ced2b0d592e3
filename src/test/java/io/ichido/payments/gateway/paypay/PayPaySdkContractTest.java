package io.ichido.payments.gateway.paypay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.GatewayRefusedCall;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.GatewayUnavailable;
import io.ichido.payments.control.RefundCommand;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.gateway.sdk.LocalSandbox;
import io.ichido.payments.gateway.sdk.RecordingClient;
import io.ichido.payments.gateway.sdk.SdkModels;
import io.ichido.payments.gateway.sdk.SdkOperation;
import io.ichido.payments.gateway.sdk.WireCheck;
import io.ichido.sandbox.SandboxConfig;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * PayPay's wire format as its official Java SDK has it (paypay/paypayopa-sdk-java, the files kept
 * under {@code src/test/resources/gateway-specs/paypay}, SOURCE.md there): what {@link
 * PayPayGateway} sends and what the sandbox answers it. The SDK has no model of PayPay's webhooks,
 * so they are not checked here.
 */
class PayPaySdkContractTest {

  private static final Logger LOG = Logger.getLogger(PayPaySdkContractTest.class.getName());
  private static final SdkModels SDK = SdkModels.read("gateway-specs/paypay");
  private static final List<SdkOperation> CALLS = SdkOperation.paypay(SDK);

  /** What {@link PayPayGateway} reads of each answer; {@code ?}: it does without. */
  private static final Map<String, List<String>> READS =
      Map.of(
          "createQRCode",
          List.of(
              "resultInfo.code",
              "data.codeId?",
              "data.deeplink?",
              "data.expiryDate?",
              "data.url?",
              "data.amount.amount",
              "data.amount.currency"),
          "getCodesPaymentDetails",
          List.of(
              "resultInfo.code",
              "data.amount.amount",
              "data.amount.currency",
              "data.status",
              "data.acceptedAt?",
              "data.paymentId?",
              "data.refunds.data[].status?",
              "data.refunds.data[].amount.amount?",
              "data.refunds.data[].merchantRefundId?"),
          "cancelPayment",
          List.of("resultInfo.code"),
          "deleteQRCode",
          List.of("resultInfo.code"),
          "refundPayment",
          List.of("resultInfo.code", "data.status?", "data.amount.amount?"));

  private LocalSandbox sandbox;
  private RecordingClient client;

  @BeforeEach
  void start() throws Exception {
    sandbox = LocalSandbox.start();
    client = new RecordingClient(sandbox.baseUrl("paypay"));
  }

  @AfterEach
  void stop() {
    client.close();
    sandbox.close();
  }

  @Test
  @DisplayName("PayPayGateway's requests and the sandbox's answers are paypayopa-sdk-java's")
  void speaksPayPaysSdk() throws Exception {
    PayPayGateway paypay = gateway(SandboxConfig.PAYPAY_API_SECRET);
    paypay.charge(code(1));
    // Sent again: a duplicate, then the payment read, cancelled and read again.
    assertThat(paypay.charge(code(1)).status()).isEqualTo(ChargeStatus.DECLINED);
    // Ended as the sweep ends it: read, its code deleted, cancelled, read again.
    GatewayCharge unpaid = paypay.charge(code(3));
    assertThat(paypay.cancel(unpaid.chargeId(), unpaid.instructions()).status())
        .isEqualTo(ChargeStatus.DECLINED);
    GatewayCharge paid = paypay.charge(code(2));
    sandbox.settle("paypay", paid.chargeId(), "complete");
    paypay.retrieve(paid.chargeId());
    paypay.refund(refund(paid, 1000));
    paypay.retrieve(paid.chargeId());
    assertThatThrownBy(() -> paypay.refund(refund(paid, 100_000)))
        .isInstanceOf(GatewayRejected.class);
    assertThatThrownBy(() -> paypay.retrieve("ik_sdk_contract_nosuchpayment"))
        .isInstanceOf(GatewayUnavailable.class);
    assertThatThrownBy(() -> gateway("not-the-secret").retrieve(paid.chargeId()))
        .isInstanceOf(GatewayRefusedCall.class);

    WireCheck check =
        new WireCheck("paypay/paypayopa-sdk-java@e78e52d")
            .tolerate(
                "NotDataResponse",
                "data",
                "null in an answer without data, as in PayPay's envelope {resultInfo, data}"
                    + " (docs/gateway-wire-formats.md) and paypayopa-sdk-node's tests of a 202;"
                    + " the Java SDK's NotDataResponse just does not model it");
    check.exchanges(
        client.exchanges(),
        CALLS,
        SDK.model("NotDataResponse"),
        READS,
        List.of("resultInfo.code?"));
    LOG.info(check::summary);

    assertThat(check.findings()).as(check.summary()).isEmpty();
    assertThat(check.requests()).isEqualTo(20);
    assertThat(check.fields()).isGreaterThan(150);
  }

  private PayPayGateway gateway(String apiSecret) {
    return PayPayAdapters.against(client, apiSecret);
  }

  private static ChargeCommand code(long order) {
    return PayPayAdapters.code("ik_sdk_contract_", order);
  }

  private static RefundCommand refund(GatewayCharge charge, long amount) {
    return new RefundCommand(
        "paypay", "ik_sdk_refund_" + amount, 2, charge.chargeId(), amount, "JPY", "surplus", false);
  }
}

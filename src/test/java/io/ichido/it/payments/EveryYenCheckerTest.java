package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The soak's checker on records written by hand: each promise broken once, and all kept. */
class EveryYenCheckerTest {

  @TempDir Path dir;

  private static final String PAID_ORDER =
      """
      {"kind":"order","id":7,"amount":1408,"currency":"JPY","status":"PAID","attempts":[
       {"id":70,"gateway":"stripe","charge":"pi_1","key":"k1","status":"SUCCEEDED",
        "charged":1408,"returned":0,"withdrawn":0,"currencies":"JPY"}]}""";
  private static final String STRIPE_CHARGE =
      """
      {"kind":"gateway","charge":{"gateway":"stripe","id":"pi_1","idempotencyKey":"k1",
       "reference":"7","amount":1408,"amountRefunded":0,"amountChargedBack":0,"status":"paid"}}""";
  private static final String ACKNOWLEDGED =
      """
      {"kind":"exchange","user":"shop-a","method":"POST","path":"/api/payments/charge","key":"c1",
       "status":201,"answer":{"order_id":7,"charge_id":"pi_1","status":"succeeded"}}""";

  @Test
  @DisplayName("a paid order whose one charge the gateway holds, as its ledger says: no finding")
  void kept() throws IOException {
    assertThat(check(PAID_ORDER, STRIPE_CHARGE, ACKNOWLEDGED)).isEmpty();
  }

  @Test
  @DisplayName("an empty record proves nothing, and says so")
  void empty() throws IOException {
    assertThat(check()).singleElement().asString().contains("nothing was proven");
  }

  @Test
  @DisplayName("a second charge at the gateway that holds money: charged twice, on no ledger")
  void chargedTwice() throws IOException {
    String second = STRIPE_CHARGE.replace("pi_1", "pi_2").replace("\"k1\"", "\"k2\"");
    assertThat(check(PAID_ORDER, STRIPE_CHARGE, second, ACKNOWLEDGED))
        .anySatisfy(f -> assertThat(f).contains("charged twice"))
        .anySatisfy(f -> assertThat(f).contains("pi_2 took 1408 and is on no attempt's ledger"));
  }

  @Test
  @DisplayName("a ledger row for a charge the gateway never made")
  void rowWithoutCharge() throws IOException {
    assertThat(check(PAID_ORDER, ACKNOWLEDGED))
        .anySatisfy(f -> assertThat(f).contains("on a charge the gateways do not have"));
  }

  @Test
  @DisplayName("the gateway refunded what the ledger does not know of: figures differ, status lies")
  void refundNotOnTheLedger() throws IOException {
    String refunded =
        STRIPE_CHARGE
            .replace("\"amountRefunded\":0", "\"amountRefunded\":1408")
            .replace("\"paid\"", "\"refunded\"");
    assertThat(check(PAID_ORDER, refunded, ACKNOWLEDGED))
        .anySatisfy(f -> assertThat(f).contains("gave back 1408").contains("says 1408, 0, 0"));
  }

  @Test
  @DisplayName("an order answered 201 succeeded that ends lapsed: an acknowledged payment lost")
  void acknowledgedLost() throws IOException {
    String lapsed =
        PAID_ORDER.replace("\"PAID\"", "\"EXPIRED\"").replace("\"charged\":1408", "\"charged\":0");
    String failed = STRIPE_CHARGE.replace("\"paid\"", "\"failed\"");
    assertThat(check(lapsed, failed, ACKNOWLEDGED))
        .singleElement()
        .asString()
        .contains("answered 201 succeeded")
        .contains("ends EXPIRED, not PAID");
  }

  @Test
  @DisplayName("a dispute lost: the bank holds it back, the order refunded, as the record says")
  void disputeLost() throws IOException {
    String refunded =
        PAID_ORDER
            .replace("\"PAID\"", "\"REFUNDED\"")
            .replace("\"withdrawn\":0", "\"withdrawn\":1408");
    String disputed =
        STRIPE_CHARGE.replace("\"amountChargedBack\":0", "\"amountChargedBack\":1408");
    String lost =
        """
        {"kind":"world","who":"bank","what":"dispute lost","gateway":"stripe","order":7,
         "charge":"pi_1"}""";
    assertThat(check(refunded, disputed, ACKNOWLEDGED, lost)).isEmpty();
    assertThat(check(refunded, disputed, ACKNOWLEDGED))
        .singleElement()
        .asString()
        .contains("ends REFUNDED, not PAID");
  }

  @Test
  @DisplayName("money at PayPay under a key no attempt of the soak has: on no order")
  void paypayOnNoOrder() throws IOException {
    String paypay =
        """
        {"kind":"gateway","charge":{"gateway":"paypay","id":"mp-9","idempotencyKey":"mp-9",
         "reference":"mp-9","amount":500,"amountRefunded":0,"amountChargedBack":0,"status":"paid"}}""";
    assertThat(check(PAID_ORDER, STRIPE_CHARGE, ACKNOWLEDGED, paypay))
        .singleElement()
        .asString()
        .contains("paypay charge mp-9 holds 500 and names no order");
  }

  private List<String> check(String... lines) throws IOException {
    List<String> flat = new ArrayList<>();
    for (String line : lines) {
      flat.add(line.replace("\n", ""));
    }
    Path file = dir.resolve("record.jsonl");
    Files.write(file, flat);
    return EveryYenChecker.check(file);
  }
}

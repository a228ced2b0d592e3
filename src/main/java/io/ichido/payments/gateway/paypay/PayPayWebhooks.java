package io.ichido.payments.gateway.paypay;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.gateway.EventJson;
import io.ichido.payments.gateway.GatewayWebhook;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.payments.gateway.WebhookRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * PayPay's transaction event: {@code {"notification_type":"Transaction","merchant_order_id":<our
 * merchantPaymentId>,"state":"COMPLETED",...}}, with no signature (PayPay documents none, only an
 * allow-list of its addresses). So it is a hint: it names a payment, which is then read back from
 * Get Payment Details; its state, amount and times are never believed. Its events are a few hundred
 * bytes, so a longer body is refused before it is parsed.
 */
@ApplicationScoped
public class PayPayWebhooks implements GatewayWebhook {

  private static final String NAME = PayPayGateway.NAME;
  private static final int MAX_BYTES = 4096;
  private static final Pattern MERCHANT_PAYMENT_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public boolean signed() {
    return false;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    throw new WebhookRejected(NAME, "signs nothing: its deliveries are hints");
  }

  @Override
  public Optional<String> hinted(byte[] body) {
    if (body.length > MAX_BYTES) {
      throw new WebhookRejected(NAME, "notification longer than " + MAX_BYTES + " bytes");
    }
    JsonNode event = EventJson.parse(NAME, body);
    EventJson.required(NAME, event, "notification_type");
    if (!"Transaction".equals(EventJson.text(event, "notification_type"))) {
      // A reconciliation file is ready, or another notice about no payment of ours.
      return Optional.empty();
    }
    String merchantPaymentId = EventJson.required(NAME, event, "merchant_order_id");
    if (!MERCHANT_PAYMENT_ID.matcher(merchantPaymentId).matches()) {
      throw new WebhookRejected(NAME, "merchant_order_id is not a merchantPaymentId");
    }
    return Optional.of(merchantPaymentId);
  }
}

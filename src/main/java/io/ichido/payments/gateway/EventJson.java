package io.ichido.payments.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.platform.control.Json;
import java.io.IOException;

/** Reads an authenticated body; a signed body that is not the JSON we expect is still refused. */
public final class EventJson {

  private EventJson() {}

  public static JsonNode parse(String gateway, byte[] body) {
    try {
      JsonNode node = Json.MAPPER.readTree(body);
      if (node == null || !node.isObject()) {
        throw new WebhookRejected(gateway, "body is not a JSON object");
      }
      return node;
    } catch (IOException e) {
      throw new WebhookRejected(gateway, "body is not JSON");
    }
  }

  public static String required(String gateway, JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull() || value.asText().isBlank()) {
      throw new WebhookRejected(gateway, "event has no " + field);
    }
    return value.asText();
  }

  /** A field's text, or null when it is absent or JSON null. */
  public static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  /** Our order id as the charge's metadata carries it, for a charge whose id we never learnt. */
  public static Long orderId(JsonNode metadata) {
    String id = EventJson.text(metadata, "order_id");
    if (id == null) {
      return null;
    }
    try {
      return Long.valueOf(id);
    } catch (NumberFormatException notOurs) {
      return null;
    }
  }
}

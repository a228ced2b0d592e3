package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code resultInfo} codes the sandbox's PayPay answers with, each with its HTTP status and
 * {@code codeId} as PayPay's OpenAPI document and SDK tables list them. A {@code codeId} of null is
 * one no source gives (INVALID_PARAMS, UNACCEPTABLE_OP, REFUND_LIMIT_EXCEEDED, RESOURCE_NOT_FOUND);
 * the messages are the sandbox's own words. PayPay lists OP_OUT_OF_SCOPE under 401; the sandbox's
 * {@code http403} fault answers it with 403.
 */
enum PayPayResult {
  SUCCESS(200, "Success", "08100001"),
  CREATED(201, "Success", "08100001"),
  REQUEST_ACCEPTED(202, "Request accepted", "08100001"),
  INVALID_PARAMS(400, "Invalid params", null),
  DUPLICATE_DYNAMIC_QR_REQUEST(400, "Duplicate Dynamic QR request error", "01652073"),
  DYNAMIC_QR_PAYMENT_NOT_FOUND(400, "Dynamic QR payment not found", "01652075"),
  DYNAMIC_QR_ALREADY_PAID(400, "Dynamic QR already paid", "01652074"),
  DYNAMIC_QR_NOT_FOUND(404, "Dynamic QR not found", "01652072"),
  ORDER_NOT_REVERSIBLE(400, "Order cannot be reversed", "00200044"),
  UNACCEPTABLE_OP(400, "Order cannot be refunded in its state", null),
  REFUND_LIMIT_EXCEEDED(400, "Refund amount exceeds what is left to refund", null),
  RESOURCE_NOT_FOUND(404, "Resource not found", null),
  NO_SUCH_REFUND_ORDER(404, "Refund not found", "00200018"),
  UNAUTHORIZED(401, "No valid api key and secret provided", "08100016"),
  OP_OUT_OF_SCOPE(403, "The operation is not permitted", "08100023"),
  RATE_LIMIT(429, "Too many requests", "08100998"),
  INTERNAL_SERVER_ERROR(500, "Something went wrong on PayPay service side", "08101000"),
  MAINTENANCE_MODE(503, "Service is under maintenance", "08100999");

  private final int status;
  private final String message;
  private final String codeId;

  PayPayResult(int status, String message, String codeId) {
    this.status = status;
    this.message = message;
    this.codeId = codeId;
  }

  /** {@code {"resultInfo":{...},"data":data}}; data null is written as null. */
  SandboxResponse answer(JsonNode data) {
    return answer(status, data);
  }

  /** The same envelope with another HTTP status (an injected 500 may be any 5xx). */
  SandboxResponse answer(int httpStatus, JsonNode data) {
    ObjectNode body = Json.object();
    ObjectNode info = body.putObject("resultInfo");
    // SUCCESS twice over: 201 and 200 are both "SUCCESS" on the wire.
    info.put("code", this == CREATED ? SUCCESS.name() : name()).put("message", message);
    info.put("codeId", codeId);
    body.set("data", data);
    return SandboxResponse.json(httpStatus, body)
        .withHeader("X-REQUEST-ID", Ids.alphanumeric("", 8) + "-" + Ids.lowercase("", 12));
  }
}

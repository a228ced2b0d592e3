package io.ichido.platform.boundary;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.idempotency.boundary.IdempotencyOpenApiFilter;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * The {@code /openapi} document as other teams consume it: the idempotency layer's header and
 * answers ({@link IdempotencyOpenApiFilter}), then every problem each operation can answer, with
 * one {@code Problem} schema, and a server relative to wherever the document is served.
 */
public class ApiDocumentFilter implements OASFilter {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PROBLEM_JSON = "application/problem+json";
  private static final String PROBLEM_REF = "#/components/schemas/Problem";

  private record Answer(int status, String type, String when) {}

  private static Answer problem(int status, String type, String when) {
    return new Answer(status, type, when);
  }

  private static final Answer DATABASE =
      problem(503, "database-unavailable", "the database is out of reach; retry after Retry-After");
  private static final Answer NOT_AUDITOR =
      problem(403, "forbidden", "the caller is not an auditor (the refusal is logged)");
  private static final Answer INVALID =
      problem(400, "validation-failed", "a field is missing or out of range");
  private static final Answer MALFORMED = problem(400, "malformed-json", "the body is not JSON");

  /** What each operation can answer besides its success, by operationId. */
  private static final Map<String, List<Answer>> PROBLEMS =
      Map.ofEntries(
          Map.entry(
              "createOrder",
              List.of(
                  INVALID,
                  MALFORMED,
                  problem(409, "out-of-stock", "fewer units are available than ordered"),
                  DATABASE)),
          Map.entry(
              "getOrder",
              List.of(problem(404, "order-not-found", "no such order of the caller's"), DATABASE)),
          Map.entry(
              "chargeOrder",
              List.of(
                  INVALID,
                  MALFORMED,
                  problem(400, "unknown-gateway", "no gateway of that name"),
                  problem(400, "gateway-disabled", "that gateway is not configured here"),
                  problem(
                      400, "payment-method-unsupported", "the gateway does not take that method"),
                  problem(400, "amount-mismatch", "amount or currency is not the order's"),
                  problem(
                      402, "card-declined", "the gateway declined the card: final for this key"),
                  problem(404, "order-not-found", "no such order of the caller's"),
                  problem(409, "order-already-paid", "another charge paid this order"),
                  problem(
                      409,
                      "order-awaiting-payment",
                      "the customer is paying elsewhere (konbini, bank)"),
                  problem(409, "order-not-payable", "the order expired, failed or is refunded"),
                  problem(
                      409,
                      "payment-in-doubt",
                      "an earlier charge's outcome is not known yet; retry"),
                  problem(502, "gateway-rejected", "the gateway refused the request"),
                  problem(
                      503,
                      "gateway-unavailable",
                      "no answer from the gateway; retry with the same key"),
                  problem(503, "gateway-busy", "too many charges in flight; retry"),
                  problem(503, "gateway-misconfigured", "the gateway's configuration is unsafe"),
                  DATABASE)),
          Map.entry("listPaymentMethods", List.of(DATABASE)),
          Map.entry(
              "returnFromOmise",
              List.of(INVALID, problem(404, "order-not-found", "the link is not valid"), DATABASE)),
          Map.entry("listCatalogue", List.of(DATABASE)),
          Map.entry("getStockLevel", List.of(problem(404, "unknown-sku", "no such SKU"), DATABASE)),
          Map.entry(
              "printReceipt",
              List.of(
                  problem(404, "order-not-found", "no such order of the caller's"),
                  problem(404, "receipt-not-issued", "the order is not paid"),
                  DATABASE)),
          Map.entry(
              "receiveWebhook",
              List.of(
                  problem(
                      400,
                      "webhook-rejected",
                      "bad signature, stale timestamp, too large or unreadable"),
                  problem(404, "unknown-gateway", "no gateway of that name"),
                  problem(409, "webhook-in-progress", "the same event is being processed; retry"),
                  DATABASE)),
          Map.entry(
              "searchPaymentLog",
              List.of(
                  problem(400, "invalid-log-query", "a filter or page parameter is invalid"),
                  NOT_AUDITOR,
                  DATABASE)),
          Map.entry(
              "verifyPaymentLog",
              List.of(
                  problem(400, "invalid-log-query", "from is not the seq of a checkpoint"),
                  NOT_AUDITOR,
                  problem(
                      409,
                      "checkpoint-not-verifiable",
                      "the checkpoint's key is not this server's"),
                  DATABASE)),
          Map.entry(
              "recordCorrection",
              List.of(
                  INVALID,
                  MALFORMED,
                  NOT_AUDITOR,
                  problem(404, "log-entry-not-found", "no entry with that seq"),
                  DATABASE)),
          Map.entry(
              "listCheckpoints",
              List.of(
                  problem(400, "invalid-log-query", "size or before is invalid"),
                  NOT_AUDITOR,
                  DATABASE)),
          Map.entry(
              "getCheckpoint",
              List.of(
                  NOT_AUDITOR,
                  problem(404, "checkpoint-not-found", "no checkpoint at that seq"),
                  DATABASE)),
          Map.entry(
              "getCheckpointKey",
              List.of(
                  NOT_AUDITOR,
                  problem(503, "checkpoint-key-missing", "this server has no checkpoint key"))));

  /** A request body per operation, as a caller would send it. */
  private static final Map<String, String> EXAMPLES =
      Map.of(
          "createOrder",
          """
          {"customer":"hanako@example.jp","currency":"JPY",\
          "items":[{"sku":"TEA-SENCHA-100G","quantity":2},{"sku":"MUG-ARITA","quantity":1}]}""",
          "chargeOrder",
          """
          {"order_id":41,"amount":5672,"currency":"JPY","gateway":"komoju","method":"konbini",\
          "name":"Sato Hanako","email":"hanako@example.jp","phone":"09012345678","store":"lawson"}""",
          "recordCorrection",
          """
          {"reason":"Entry 17 named the wrong customer; the order's is Sato Hanako.",\
          "status":"PAID"}""");

  /** Called by the gateways and the customer's browser, without the API's credentials. */
  private static final Set<String> PUBLIC = Set.of("receiveWebhook", "returnFromOmise");

  private final IdempotencyOpenApiFilter idempotency = new IdempotencyOpenApiFilter();

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    idempotency.filterOpenAPI(openAPI);
    if (openAPI.getComponents() == null) {
      openAPI.setComponents(OASFactory.createComponents());
    }
    openAPI.getComponents().addSchema("Problem", problemSchema());
    openAPI.setServers(
        List.of(
            OASFactory.createServer()
                .url("/")
                .description("The server that serves this document (its /api paths)")));
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI
        .getPaths()
        .getPathItems()
        .values()
        .forEach(item -> item.getOperations().values().forEach(this::documentProblems));
  }

  private void documentProblems(Operation operation) {
    APIResponses responses = operation.getResponses();
    if (responses == null) {
      responses = OASFactory.createAPIResponses();
      operation.setResponses(responses);
    }
    // The layer's own answers (400, 409, 422) point at the Problem schema too.
    for (var response : responses.getAPIResponses().values()) {
      if (response.getContent() != null
          && response.getContent().getMediaType(PROBLEM_JSON) != null) {
        response.getContent().getMediaType(PROBLEM_JSON).setSchema(problemRef());
      }
    }
    if (PUBLIC.contains(operation.getOperationId())) {
      operation.setSecurity(List.of()); // the document's HTTP Basic does not apply
    } else if (responses.getAPIResponse("401") == null) {
      responses.addAPIResponse(
          "401",
          OASFactory.createAPIResponse()
              .description(
                  "Not signed in: HTTP Basic credentials missing or wrong (answered by the"
                      + " server's security, with WWW-Authenticate, not as a problem)."));
    }
    String example = EXAMPLES.get(operation.getOperationId());
    if (example != null
        && operation.getRequestBody() != null
        && operation.getRequestBody().getContent() != null) {
      operation
          .getRequestBody()
          .getContent()
          .getMediaTypes()
          .values()
          .forEach(media -> media.setExample(example(example)));
    }
    List<Answer> answers = PROBLEMS.getOrDefault(operation.getOperationId(), List.of());
    Map<Integer, List<Answer>> byStatus =
        answers.stream()
            .collect(Collectors.groupingBy(Answer::status, TreeMap::new, Collectors.toList()));
    for (Map.Entry<Integer, List<Answer>> status : byStatus.entrySet()) {
      String code = Integer.toString(status.getKey());
      String described =
          status.getValue().stream()
              .map(a -> "`" + Problem.TYPE_BASE + a.type() + "`: " + a.when())
              .collect(Collectors.joining("; "));
      var existing = responses.getAPIResponse(code);
      if (existing != null) {
        existing.setDescription(existing.getDescription() + " Or " + described + ".");
      } else {
        responses.addAPIResponse(
            code,
            OASFactory.createAPIResponse().description(described + ".").content(problemContent()));
      }
    }
  }

  /** The example as JSON, so that the document shows it as an object, not as a string. */
  private static Object example(String json) {
    try {
      return JSON.readValue(json, Object.class);
    } catch (IOException unreadable) {
      throw new IllegalStateException("An example in ApiDocumentFilter is not JSON", unreadable);
    }
  }

  private static Content problemContent() {
    MediaType media = OASFactory.createMediaType().schema(problemRef());
    return OASFactory.createContent().addMediaType(PROBLEM_JSON, media);
  }

  private static Schema problemRef() {
    return OASFactory.createSchema().ref(PROBLEM_REF);
  }

  /** RFC 9457 problem details, as every error of this API answers them. */
  private static Schema problemSchema() {
    return OASFactory.createSchema()
        .addType(Schema.SchemaType.OBJECT)
        .description(
            "RFC 9457 problem details. `type` names the problem ("
                + Problem.TYPE_BASE
                + "<name>); clients decide on it, not on `title` or `detail`. Some problems carry"
                + " more members (order_id, gateway, charge_id, errors).")
        .addRequired("type")
        .addRequired("title")
        .addRequired("status")
        .addProperty(
            "type",
            OASFactory.createSchema()
                .addType(Schema.SchemaType.STRING)
                .format("uri")
                .addExample(Problem.TYPE_BASE + "order-not-found"))
        .addProperty("title", OASFactory.createSchema().addType(Schema.SchemaType.STRING))
        .addProperty(
            "status", OASFactory.createSchema().addType(Schema.SchemaType.INTEGER).format("int32"))
        .addProperty("detail", OASFactory.createSchema().addType(Schema.SchemaType.STRING))
        .addProperty("instance", OASFactory.createSchema().addType(Schema.SchemaType.STRING));
  }
}

package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.IdempotencyConfig;
import io.ichido.idempotency.control.IdempotencyKeyHeader;
import io.ichido.idempotency.control.IdempotencyScope;
import io.ichido.idempotency.control.IdempotentOperations;
import io.ichido.idempotency.control.IdempotentOperations.Operation;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Documents every {@link Idempotent} operation: the {@code Idempotency-Key} header with how long
 * the operation keeps a key (its {@code retention}, else {@code ichido.idempotency.retention}), as
 * the IETF idempotency-key draft asks a resource to publish, in words and as {@value
 * #RETENTION_EXTENSION}; the scope header where one is named; and the layer's own 400, 409 and 422
 * answers, put before what the application documents for the same status. Enabled by {@code
 * mp.openapi.filter}.
 */
public class IdempotencyOpenApiFilter implements OASFilter {

  /** The retention as an ISO-8601 duration, for clients that plan their retries by it. */
  public static final String RETENTION_EXTENSION = "x-idempotency-key-retention";

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    ClassLoader application = getClass().getClassLoader();
    Set<Operation> idempotent = IdempotentOperations.of(application);
    if (idempotent.isEmpty() || openAPI.getPaths() == null) {
      return;
    }
    Config config = ConfigProvider.getConfig(application);
    Duration configured = IdempotencyConfig.retention(config);
    int keyMaxLength = IdempotencyConfig.keyMaxLength(config);
    for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
      path.getValue()
          .getOperations()
          .forEach(
              (method, operation) ->
                  idempotent.stream()
                      .filter(op -> op.method().equalsIgnoreCase(method.name()))
                      .filter(op -> matches(path.getKey(), op.path()))
                      .findFirst()
                      .ifPresent(
                          op -> document(operation, op, op.keptFor(configured), keyMaxLength)));
    }
  }

  private static boolean matches(String documented, String template) {
    // Templates start with "/", so a suffix match always begins at a segment boundary; the
    // document's paths carry the application path ("/api") in front.
    return documented.equals(template) || documented.endsWith(template);
  }

  private static void document(
      org.eclipse.microprofile.openapi.models.Operation operation,
      Operation idempotent,
      Duration retention,
      int keyMaxLength) {
    boolean inBody = !idempotent.keyPointer().isEmpty();
    if (!hasHeader(operation, IdempotencyKeyHeader.NAME)) {
      operation.addParameter(
          OASFactory.createParameter()
              .name(IdempotencyKeyHeader.NAME)
              .in(Parameter.In.HEADER)
              .required(idempotent.keyRequired() && !inBody)
              .description(
                  "A unique value per operation (printable ASCII, at most "
                      + keyMaxLength
                      + " characters)."
                      + (inBody
                          ? " This operation reads its key from the JSON body's "
                              + idempotent.keyPointer()
                              + "; the header, if sent as well, must name the same key."
                          : "")
                      + " Retrying with the same key returns the first answer instead of running"
                      + " again. This operation keeps a key with its answer for "
                      + retention
                      + " (ISO 8601) after answering: a retry later than that runs as a new"
                      + " request.")
              .addExtension(RETENTION_EXTENSION, retention.toString())
              .schema(
                  OASFactory.createSchema()
                      .addType(Schema.SchemaType.STRING)
                      .minLength(1)
                      .maxLength(keyMaxLength)));
    }
    String scopeHeader = idempotent.scopeHeader();
    if (!scopeHeader.isEmpty() && !hasHeader(operation, scopeHeader)) {
      operation.addParameter(
          OASFactory.createParameter()
              .name(scopeHeader)
              .in(Parameter.In.HEADER)
              .required(true)
              .description(
                  "Names whose Idempotency-Keys these are: requests with the same value share"
                      + " keys and stored answers (printable ASCII, at most "
                      + IdempotencyScope.MAX_HEADER_VALUE
                      + " characters).")
              .schema(
                  OASFactory.createSchema()
                      .addType(Schema.SchemaType.STRING)
                      .minLength(1)
                      .maxLength(IdempotencyScope.MAX_HEADER_VALUE)));
    }
    if (operation.getResponses() == null) {
      operation.responses(OASFactory.createAPIResponses());
    }
    APIResponses responses = operation.getResponses();
    addProblem(
        responses,
        "400",
        "Idempotency-Key or scope header missing or malformed, JSON body nested too deeply (or"
            + " another bad request).");
    addProblem(
        responses,
        "409",
        "A request with this Idempotency-Key is still running; retry after Retry-After seconds"
            + " (idempotency-key-in-use). Or it ran, but its answer was too large to keep for"
            + " replays: the problem names its status and Location (idempotency-response-not-stored).");
    addProblem(responses, "422", "This Idempotency-Key was used for a different request.");
    if (responses.getAPIResponses() != null) {
      responses.getAPIResponses().values().forEach(IdempotencyOpenApiFilter::expiryHeader);
    }
  }

  /** Every answer that used a key says when that key expires. */
  private static void expiryHeader(APIResponse response) {
    if (response.getHeaders() != null
        && response.getHeaders().containsKey(IdempotencyProblems.EXPIRES)) {
      return;
    }
    response.addHeader(
        IdempotencyProblems.EXPIRES,
        OASFactory.createHeader()
            .description(
                "When the Idempotency-Key this request used is forgotten (an HTTP date): a"
                    + " request with it after that runs as new. Sent with every answer that"
                    + " recorded or found the key: the first answer, replays, 409 and 422; not"
                    + " when the key was given back.")
            .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)));
  }

  private static boolean hasHeader(
      org.eclipse.microprofile.openapi.models.Operation operation, String name) {
    return operation.getParameters() != null
        && operation.getParameters().stream()
            .anyMatch(p -> p.getIn() == Parameter.In.HEADER && name.equalsIgnoreCase(p.getName()));
  }

  private static void addProblem(APIResponses responses, String status, String description) {
    var documented = responses.getAPIResponse(status);
    if (documented != null) {
      // The layer answers this status before the application runs, so both meanings stand.
      documented.setDescription(
          documented.getDescription() == null
              ? description
              : description + " Or " + documented.getDescription());
      return;
    }
    Content problem =
        OASFactory.createContent()
            .addMediaType(
                IdempotencyProblems.PROBLEM_JSON,
                OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)));
    responses.addAPIResponse(
        status, OASFactory.createAPIResponse().description(description).content(problem));
  }
}

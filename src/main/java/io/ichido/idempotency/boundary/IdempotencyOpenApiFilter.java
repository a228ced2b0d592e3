package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.IdempotencyKeyHeader;
import io.ichido.idempotency.control.IdempotencyScope;
import io.ichido.idempotency.control.IdempotentOperations;
import io.ichido.idempotency.control.IdempotentOperations.Operation;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Documents every {@link Idempotent} operation: the {@code Idempotency-Key} header, the scope
 * header where one is named, and the layer's own 400, 409 and 422 answers. Enabled by {@code
 * mp.openapi.filter}.
 */
public class IdempotencyOpenApiFilter implements OASFilter {

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    Set<Operation> idempotent = IdempotentOperations.of(getClass().getClassLoader());
    if (idempotent.isEmpty() || openAPI.getPaths() == null) {
      return;
    }
    for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
      path.getValue()
          .getOperations()
          .forEach(
              (method, operation) ->
                  idempotent.stream()
                      .filter(op -> op.method().equalsIgnoreCase(method.name()))
                      .filter(op -> matches(path.getKey(), op.path()))
                      .findFirst()
                      .ifPresent(op -> document(operation, op)));
    }
  }

  private static boolean matches(String documented, String template) {
    // Templates start with "/", so a suffix match always begins at a segment boundary; the
    // document's paths carry the application path ("/api") in front.
    return documented.equals(template) || documented.endsWith(template);
  }

  private static void document(
      org.eclipse.microprofile.openapi.models.Operation operation, Operation idempotent) {
    if (!hasHeader(operation, IdempotencyKeyHeader.NAME)) {
      operation.addParameter(
          OASFactory.createParameter()
              .name(IdempotencyKeyHeader.NAME)
              .in(Parameter.In.HEADER)
              .required(idempotent.keyRequired())
              .description(
                  "A unique value per operation (printable ASCII, at most 255 characters)."
                      + " Retrying with the same key returns the first answer instead of running"
                      + " again.")
              .schema(
                  OASFactory.createSchema()
                      .addType(Schema.SchemaType.STRING)
                      .minLength(1)
                      .maxLength(255)));
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
        "A request with this Idempotency-Key is still running; retry after Retry-After seconds.");
    addProblem(responses, "422", "This Idempotency-Key was used for a different request.");
  }

  private static boolean hasHeader(
      org.eclipse.microprofile.openapi.models.Operation operation, String name) {
    return operation.getParameters() != null
        && operation.getParameters().stream()
            .anyMatch(p -> p.getIn() == Parameter.In.HEADER && name.equalsIgnoreCase(p.getName()));
  }

  private static void addProblem(APIResponses responses, String status, String description) {
    if (responses.hasAPIResponse(status)) {
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

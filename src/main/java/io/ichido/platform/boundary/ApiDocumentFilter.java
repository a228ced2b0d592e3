package io.ichido.platform.boundary;

import io.ichido.idempotency.boundary.IdempotencyOpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * What the resources' annotations cannot say in the {@code /openapi} document. Each operation's
 * problems, examples and public access are on its resource method; this adds only:
 *
 * <ul>
 *   <li>the idempotency layer's header and answers ({@link IdempotencyOpenApiFilter}), with the
 *       layer's problem bodies pointed at our {@link Problem} schema: the layer is a jar of its own
 *       and cannot name the schema of the application it is in;
 *   <li>a 401 on every operation the document's HTTP Basic applies to: the server's security
 *       answers it, for every such operation alike, before any resource runs.
 * </ul>
 */
public class ApiDocumentFilter implements OASFilter {

  private static final String PROBLEM_REF = "#/components/schemas/" + CommonProblems.SCHEMA;

  private final IdempotencyOpenApiFilter idempotency = new IdempotencyOpenApiFilter();

  @Override
  public void filterOpenAPI(OpenAPI openAPI) {
    idempotency.filterOpenAPI(openAPI);
    if (openAPI.getPaths() == null) {
      return;
    }
    openAPI
        .getPaths()
        .getPathItems()
        .values()
        .forEach(item -> item.getOperations().values().forEach(ApiDocumentFilter::complete));
  }

  private static void complete(Operation operation) {
    APIResponses responses = operation.getResponses();
    if (responses == null) {
      responses = OASFactory.createAPIResponses();
      operation.setResponses(responses);
    }
    for (var response : responses.getAPIResponses().values()) {
      var problem =
          response.getContent() == null
              ? null
              : response.getContent().getMediaType(CommonProblems.JSON);
      if (problem != null
          && (problem.getSchema() == null || problem.getSchema().getRef() == null)) {
        problem.setSchema(OASFactory.createSchema().ref(PROBLEM_REF));
      }
    }
    // An operation's empty security (@SecurityRequirements) means the document's does not apply.
    boolean signedIn = operation.getSecurity() == null || !operation.getSecurity().isEmpty();
    if (signedIn && !responses.hasAPIResponse("401")) {
      responses.addAPIResponse(
          "401",
          OASFactory.createAPIResponse()
              .description(
                  "Not signed in: HTTP Basic credentials missing or wrong (answered by the"
                      + " server's security, with WWW-Authenticate, not as a problem)."));
    }
  }
}

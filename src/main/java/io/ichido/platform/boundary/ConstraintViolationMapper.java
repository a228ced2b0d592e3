package io.ichido.platform.boundary;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Comparator;
import java.util.List;

@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

  @Override
  public Response toResponse(ConstraintViolationException failure) {
    List<Problem.Violation> violations =
        failure.getConstraintViolations().stream()
            .map(v -> new Problem.Violation(field(v), v.getMessage()))
            .sorted(Comparator.comparing(Problem.Violation::field))
            .toList();
    return new Problem(
            Problem.TYPE_BASE + "validation-failed",
            "Request invalid",
            400,
            "The request has " + violations.size() + " invalid field(s); see violations.",
            violations,
            null)
        .toResponse();
  }

  /** {@code items[0].quantity}, without the method and parameter names of the Java signature. */
  private static String field(ConstraintViolation<?> violation) {
    StringBuilder field = new StringBuilder();
    for (Path.Node node : violation.getPropertyPath()) {
      if (node.getKind() == ElementKind.METHOD || node.getKind() == ElementKind.PARAMETER) {
        continue;
      }
      // The index of a list element sits on the node that follows the list.
      if (node.isInIterable() && node.getIndex() != null && !field.isEmpty()) {
        field.append('[').append(node.getIndex()).append(']');
      }
      if (node.getName() == null || node.getName().startsWith("<")) {
        continue;
      }
      if (!field.isEmpty()) {
        field.append('.');
      }
      field.append(node.getName());
    }
    return field.isEmpty() ? "body" : field.toString();
  }
}

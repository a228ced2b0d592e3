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

/**
 * Bean validation's refusals as 400 {@code validation-failed}, one violation per field. A violation
 * exception without violations is no refusal: a validator itself failed (RESTEasy reports that so),
 * e.g. the database went away while a validator read it, which must not look like a final 400 to
 * the client.
 */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

  @Override
  public Response toResponse(ConstraintViolationException failure) {
    if (failure.getConstraintViolations() == null || failure.getConstraintViolations().isEmpty()) {
      return new UnexpectedFailureMapper().toResponse(causeOf(failure));
    }
    List<Problem.Violation> violations =
        failure.getConstraintViolations().stream()
            .map(v -> new Problem.Violation(field(v), v.getMessage()))
            .sorted(Comparator.comparing(Problem.Violation::field))
            .toList();
    return Problem.invalid(violations).toResponse();
  }

  /**
   * What made the validation fail: the exception's cause, or what RESTEasy keeps in its own field
   * ({@code ResteasyViolationException.getException()}, not visible to the application).
   */
  private static Throwable causeOf(ConstraintViolationException failure) {
    if (failure.getCause() != null) {
      return failure.getCause();
    }
    try {
      Object kept = failure.getClass().getMethod("getException").invoke(failure);
      return kept instanceof Throwable t ? t : failure;
    } catch (ReflectiveOperationException | RuntimeException noSuchField) {
      return failure;
    }
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

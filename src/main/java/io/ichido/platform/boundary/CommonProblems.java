package io.ichido.platform.boundary;

/**
 * The problems the platform's own mappers answer for whichever operation they apply to, worded once
 * for the operations' {@code @APIResponse} descriptions. Each names its {@code type} URI and when
 * it is answered; an operation joins several of one status with "; " and ends with ".".
 */
public final class CommonProblems {

  /** {@link Problem}'s media type, for {@code @Content(mediaType = ...)}. */
  public static final String JSON = Problem.MEDIA_TYPE;

  /**
   * {@link Problem}'s schema, for {@code @Schema(ref = ...)}: by name, since components use no
   * {@code Problem} of their own (a mapper writes it); the scan lists it from its {@code @Schema}.
   */
  public static final String SCHEMA = "Problem";

  /** {@code DatabaseUnavailable}, wherever a request reads or writes the database. */
  public static final String DATABASE_UNAVAILABLE =
      "`https://ichido.dev/problems/database-unavailable`: the database is out of reach; retry after Retry-After";

  /** {@link ConstraintViolationMapper}: a bean-validated body or parameter. */
  public static final String VALIDATION_FAILED =
      "`https://ichido.dev/problems/validation-failed`: a field is missing or out of range";

  /** {@link JsonFailureMapper}: a JSON body. */
  public static final String MALFORMED_JSON =
      "`https://ichido.dev/problems/malformed-json`: the body is not JSON";

  private CommonProblems() {}
}

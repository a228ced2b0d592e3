package io.ichido.idempotency.control;

import java.util.List;

/**
 * Whose keys a request's key is among: {@code principal:<name>} for an authenticated caller, or
 * {@code header:<name>:<value>} on an endpoint that names a scope header. There is no scope shared
 * by every unauthenticated caller: one would hand each of them the others' stored answers.
 */
public final class IdempotencyScope {

  /** Longest scope header value: scopes are stored with keys and logged, so they stay short. */
  public static final int MAX_HEADER_VALUE = 128;

  private IdempotencyScope() {}

  /**
   * @param principal the authenticated caller's name, or null
   * @param scopeHeader the header the endpoint names as its scope, or empty for none
   * @param values every occurrence of that header; null or empty when it was not sent
   * @throws UnscopedAnonymousRequest when there is neither a principal nor a scope header
   * @throws InvalidScopeHeader when the named header is missing or unusable
   */
  public static String of(String principal, String scopeHeader, List<String> values) {
    if (scopeHeader.isBlank()) {
      if (principal == null) {
        throw new UnscopedAnonymousRequest();
      }
      return "principal:" + principal;
    }
    if (values == null || values.isEmpty()) {
      throw new InvalidScopeHeader(scopeHeader, true, "it names whose keys these are");
    }
    if (values.size() > 1) {
      throw new InvalidScopeHeader(scopeHeader, false, "send it once");
    }
    String value = values.get(0).strip();
    if (value.isEmpty()) {
      throw new InvalidScopeHeader(scopeHeader, false, "it is empty");
    }
    if (value.length() > MAX_HEADER_VALUE) {
      throw new InvalidScopeHeader(
          scopeHeader, false, "it is longer than " + MAX_HEADER_VALUE + " characters");
    }
    if (!value.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
      throw new InvalidScopeHeader(
          scopeHeader, false, "it may hold only printable ASCII characters (0x20-0x7E)");
    }
    return "header:" + scopeHeader + ":" + value;
  }
}

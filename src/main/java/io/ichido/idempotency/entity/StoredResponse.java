package io.ichido.idempotency.entity;

import java.util.Arrays;
import java.util.Objects;

/** The answer recorded with a key: exactly what a replay sends back. */
public record StoredResponse(int status, String contentType, String location, byte[] body) {

  public StoredResponse {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("Not an HTTP status: " + status);
    }
    body = body == null ? null : body.clone();
  }

  @Override
  public byte[] body() {
    return body == null ? null : body.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StoredResponse that
        && status == that.status
        && Objects.equals(contentType, that.contentType)
        && Objects.equals(location, that.location)
        && Arrays.equals(body, that.body);
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, contentType, location, Arrays.hashCode(body));
  }

  @Override
  public String toString() {
    return "StoredResponse[status="
        + status
        + ", contentType="
        + contentType
        + ", bytes="
        + (body == null ? 0 : body.length)
        + "]";
  }
}

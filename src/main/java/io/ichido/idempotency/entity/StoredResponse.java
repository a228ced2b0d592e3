package io.ichido.idempotency.entity;

import java.util.Arrays;
import java.util.Objects;

/**
 * The answer recorded with a key: exactly what a replay sends back. An answer whose body was larger
 * than the endpoint lets the store keep is recorded without it: {@code body} null and {@code
 * droppedBytes} its size; a replay of it then says so instead of answering as the first request
 * did.
 */
public record StoredResponse(
    int status, String contentType, String location, byte[] body, long droppedBytes) {

  public StoredResponse {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("Not an HTTP status: " + status);
    }
    if (droppedBytes < 0 || (droppedBytes > 0 && body != null)) {
      throw new IllegalArgumentException("A body is either kept or dropped: " + droppedBytes);
    }
    body = body == null ? null : body.clone();
  }

  /** An answer kept whole. */
  public StoredResponse(int status, String contentType, String location, byte[] body) {
    this(status, contentType, location, body, 0);
  }

  /**
   * This answer as the store keeps it when it may keep at most {@code maxBodyBytes} of body: whole,
   * or without its body.
   */
  public StoredResponse keptWithin(long maxBodyBytes) {
    if (body == null || body.length <= maxBodyBytes) {
      return this;
    }
    return new StoredResponse(status, contentType, location, null, body.length);
  }

  /** Whether the body was too large to keep: a replay cannot repeat it. */
  public boolean bodyDropped() {
    return droppedBytes > 0;
  }

  @Override
  public byte[] body() {
    return body == null ? null : body.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StoredResponse that
        && status == that.status
        && droppedBytes == that.droppedBytes
        && Objects.equals(contentType, that.contentType)
        && Objects.equals(location, that.location)
        && Arrays.equals(body, that.body);
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, contentType, location, Arrays.hashCode(body), droppedBytes);
  }

  @Override
  public String toString() {
    return "StoredResponse[status="
        + status
        + ", contentType="
        + contentType
        + ", bytes="
        + (body == null ? 0 : body.length)
        + (droppedBytes > 0 ? ", dropped=" + droppedBytes : "")
        + "]";
  }
}

package io.ichido.client;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.Optional;

/** One try through the JDK's own {@code java.net.http} client, for callers without JAX-RS. */
public final class HttpClientTries {

  private HttpClientTries() {}

  /**
   * Sends {@code request} (built with the operation's key in {@link Wire#KEY_HEADER}) and reads its
   * answer; a failed connection or a timeout is no answer.
   *
   * @throws InterruptedException when the thread is interrupted while waiting for the answer
   */
  public static Retries.Try<HttpResponse<String>> send(HttpClient client, HttpRequest request)
      throws InterruptedException {
    HttpResponse<String> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException noAnswer) {
      return new Retries.Try<>(new Outcome.NoAnswer(noAnswer), null);
    }
    Optional<String> type = response.headers().firstValue("Content-Type");
    String problemType =
        type.filter(t -> t.startsWith("application/problem+json")).isPresent()
            ? Wire.problemType(response.body())
            : "";
    return new Retries.Try<>(
        new Outcome.Answered(
            response.statusCode(),
            problemType,
            RetryAfter.parse(
                response.headers().firstValue("Retry-After").orElse(null), Clock.systemUTC()),
            response
                .headers()
                .firstValue(Wire.REPLAYED_HEADER)
                .map("true"::equalsIgnoreCase)
                .orElse(false)),
        response);
  }
}

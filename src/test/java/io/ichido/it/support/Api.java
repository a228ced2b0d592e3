package io.ichido.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Real HTTP against the running Liberty, as one of the demo callers. */
public final class Api {

  public static final String BASE = System.getProperty("ichido.baseUrl", "http://localhost:9080");

  /** The same server over HTTPS, which /metrics requires. */
  public static final String SECURE_BASE =
      System.getProperty("ichido.httpsBaseUrl", "https://localhost:9443");

  // HTTP/1.1 as most payment clients speak it (java.net.http would otherwise try an h2c upgrade).
  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  /**
   * Told of every exchange an {@link Api} made: a test's record of what its clients asked and were
   * answered ({@code answer} null and {@code lost} set when no answer came).
   */
  @FunctionalInterface
  public interface Witness {
    void saw(
        String user,
        String method,
        String path,
        String key,
        String body,
        HttpResponse<String> answer,
        RuntimeException lost);
  }

  private final String base;
  private final String user;
  private final String authorization;
  private final Witness witness;

  private Api(String base, String user, String authorization, Witness witness) {
    this.base = base;
    this.user = user;
    this.authorization = authorization;
    this.witness = witness;
  }

  public static Api as(String user) {
    return at(BASE, user);
  }

  /** A demo caller against another server than the test run's own. */
  public static Api at(String base, String user) {
    return new Api(
        base,
        user,
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + user + "-secret").getBytes(StandardCharsets.UTF_8)),
        null);
  }

  public static Api anonymous() {
    return new Api(BASE, "anonymous", null, null);
  }

  /** The same caller, with every exchange of its GETs and POSTs told to {@code witness}. */
  public Api witnessedBy(Witness witness) {
    return new Api(base, user, authorization, witness);
  }

  public HttpResponse<String> get(String path) {
    return witnessed("GET", path, null, null, () -> send(request(path).GET().build()));
  }

  public HttpResponse<String> postJson(String path, String key, String body) {
    return witnessed(
        "POST",
        path,
        key,
        body,
        () -> post(request(path), key, "application/json", body.getBytes(StandardCharsets.UTF_8)));
  }

  public HttpResponse<String> post(String path, String key, String contentType, byte[] body) {
    return post(request(path), key, contentType, body);
  }

  private static HttpResponse<String> post(
      HttpRequest.Builder request, String key, String contentType, byte[] body) {
    request.POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    if (key != null) {
      request.header("Idempotency-Key", key);
    }
    return send(request.build());
  }

  private HttpResponse<String> witnessed(
      String method, String path, String key, String body, Supplier<HttpResponse<String>> call) {
    if (witness == null) {
      return call.get();
    }
    HttpResponse<String> answer;
    try {
      answer = call.get();
    } catch (RuntimeException lost) {
      witness.saw(user, method, path, key, body, null, lost);
      throw lost;
    }
    witness.saw(user, method, path, key, body, answer, null);
    return answer;
  }

  public HttpRequest.Builder request(String path) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return request;
  }

  /** For answers whose exact bytes matter (a CSV's byte-order mark). */
  public static HttpResponse<byte[]> sendBytes(HttpRequest request) {
    try {
      return client(request).send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public static HttpResponse<String> send(HttpRequest request) {
    try {
      return client(request)
          .send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static HttpClient client(HttpRequest request) {
    return "https".equals(request.uri().getScheme()) ? Tls.CLIENT : CLIENT;
  }

  /**
   * HTTPS that trusts exactly the test server's own certificate (self-signed by Liberty at its
   * first start, CN=localhost), read from its keystore once the first HTTPS request is made.
   */
  private static final class Tls {

    static final HttpClient CLIENT =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .sslContext(trustingTheServer())
            .build();

    private static SSLContext trustingTheServer() {
      Path server =
          Path.of(
              "target/liberty/wlp/usr/servers", System.getProperty("ichido.itServer", "ichido-it"));
      try {
        String password =
            Files.readAllLines(server.resolve("server.env")).stream()
                .filter(line -> line.startsWith("keystore_password="))
                .map(line -> line.substring("keystore_password=".length()).trim())
                .findFirst()
                .orElseThrow();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(server.resolve("resources/security/key.p12"))) {
          keys.load(in, password.toCharArray());
        }
        TrustManagerFactory trust =
            TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(keys);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        return tls;
      } catch (IOException | GeneralSecurityException e) {
        throw new IllegalStateException("Cannot trust the test server's certificate", e);
      }
    }
  }
}

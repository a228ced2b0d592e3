package io.ichido.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A real crash: a Liberty server of its own ({@code ichido-crash}) is killed with SIGKILL while the
 * gateway holds a charge it has already made, then restarted. With no client call at all, the
 * reconciler must learn of that one charge and settle the order; the client's retry after the lease
 * must then find it, not make another.
 */
class CrashRecoveryIT {

  private static final Path WLP = Path.of("target/liberty/wlp");
  private static final String SERVER = "ichido-crash";
  private static final Path DIR = WLP.resolve("usr/servers/" + SERVER);
  private static final int PORT = Integer.getInteger("ichido.crashHttpPort", 9082);
  private static final int HTTPS_PORT = Integer.getInteger("ichido.crashHttpsPort", 9445);
  private static final Duration LEASE = Duration.ofSeconds(45);
  private static final Duration ATTEMPT_LEASE = Duration.ofSeconds(30);
  private static final Duration RECONCILE_INTERVAL = Duration.ofSeconds(5);
  private static final Api SHOP_A = Api.at("http://localhost:" + PORT, "shop-a");

  @BeforeAll
  static void createServer() throws Exception {
    Path template =
        WLP.resolve("usr/servers/" + System.getProperty("ichido.itServer", "ichido-it"));
    deleteRecursively(DIR);
    Files.createDirectories(DIR.resolve("dropins"));
    Files.createDirectories(DIR.resolve("configDropins/overrides"));
    for (String file : List.of("server.xml", "security.xml")) {
      Files.copy(template.resolve(file), DIR.resolve(file));
    }
    copyTree(template.resolve("lib"), DIR.resolve("lib"));
    if (Files.isDirectory(template.resolve("resources/security"))) {
      // Its certificate and keys, matching server.env's passwords: no new ones to make at start.
      copyTree(template.resolve("resources/security"), DIR.resolve("resources/security"));
    }
    // The test run's database, its development settings (the gateways pointed at the sandbox).
    copyTree(template.resolve("configDropins/overrides"), DIR.resolve("configDropins/overrides"));
    // Its own ports; a transaction timeout shorter than the lease, as the contract requires.
    // Overrides are read in name order: this one must come after the test run's.
    Files.writeString(
        DIR.resolve("configDropins/overrides/zz-crash.xml"),
        """
        <server>
            <variable name="HTTP_PORT" value="%d"/>
            <variable name="HTTPS_PORT" value="%d"/>
            <variable name="TX_TIMEOUT" value="20s"/>
        </server>
        """
            .formatted(PORT, HTTPS_PORT));
    // server create generated the keystore and LTPA passwords into server.env: keep them.
    Files.writeString(
        DIR.resolve("server.env"),
        Files.readString(template.resolve("server.env"))
            + "\n"
            + """
        ICHIDO_IDEMPOTENCY_LEASE=%s
        ICHIDO_PAYMENTS_ATTEMPT_LEASE=%s
        ICHIDO_PAYMENTS_RECONCILE_INTERVAL=%s
        ICHIDO_GATEWAY_STRIPE_BASE_URL=%s
        ICHIDO_GATEWAY_READ_TIMEOUT=PT30S
        """
                .formatted(LEASE, ATTEMPT_LEASE, RECONCILE_INTERVAL, Sandbox.URL + "/stripe"));
    Files.copy(
        Path.of(System.getProperty("ichido.war", "target/ichido.war")),
        DIR.resolve("dropins/ichido.war"));
    start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    liberty().ifPresent(ProcessHandle::destroyForcibly);
    new ProcessBuilder(WLP.resolve("bin/server").toString(), "stop", SERVER)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start()
        .waitFor(60, TimeUnit.SECONDS);
  }

  @Test
  @DisplayName(
      "kill -9 while the gateway holds a charge, restart: paid with no client call, once; the retry"
          + " finds it")
  void killedMidCharge() throws Exception {
    long reservedBefore = Db.reserved("TEA-SENCHA-100G");
    long onHandBefore = Db.onHand("TEA-SENCHA-100G");
    HttpResponse<String> created =
        new Shopper(SHOP_A)
            .untilFinal(
                "/api/orders",
                "crash-order-" + UUID.randomUUID(),
                OrderJson.of("crash", "TEA-SENCHA-100G", 1));
    assertThat(created.statusCode()).isEqualTo(201);
    JsonNode order = Shopper.json(created.body());
    long orderId = order.get("id").asLong();
    String key = "crash-" + UUID.randomUUID();
    String body = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");

    // The sandbox makes the charge, then sits on the answer while we pull the plug.
    Sandbox.fault("stripe", "*", "delay", 1, 20_000);
    Instant claimed = Instant.now();
    CompletableFuture<Object> doomed =
        CompletableFuture.supplyAsync(() -> SHOP_A.postJson("/api/payments/charge", key, body))
            .handle((answer, failure) -> failure != null ? failure : answer);
    Await.until("the sandbox to make the charge", () -> Sandbox.charges(orderId).size() == 1);
    ProcessHandle server = liberty().orElseThrow();
    server.destroyForcibly();
    server.onExit().get(30, TimeUnit.SECONDS);
    assertThat(doomed.get(30, TimeUnit.SECONDS)).isNotInstanceOf(HttpResponse.class);

    start();
    // No client call: the reconciler finds the attempt abandoned once its lease ends.
    Await.until(
        "the reconciler to settle order " + orderId + " as PAID",
        ATTEMPT_LEASE.plus(RECONCILE_INTERVAL.multipliedBy(6)).plusSeconds(30),
        () -> "PAID".equals(status(orderId)));
    Duration settledAfter = Duration.between(claimed, Instant.now());
    assertThat(Sandbox.charges(orderId)).hasSize(1);
    assertThat(Db.reserved("TEA-SENCHA-100G")).isEqualTo(reservedBefore);
    assertThat(Db.onHand("TEA-SENCHA-100G")).isEqualTo(onHandBefore - 1);
    assertThat(
            Db.count(
                "SELECT count(*) FROM email_outbox WHERE dedupe_key = ?", "receipt:" + orderId))
        .as("one receipt")
        .isEqualTo(1);

    HttpResponse<String> early = SHOP_A.postJson("/api/payments/charge", key, body);
    if (Duration.between(claimed, Instant.now()).compareTo(LEASE.minusSeconds(5)) < 0) {
      assertThat(early.statusCode()).as("before the lease ends").isEqualTo(409);
      assertThat(early.body()).contains("idempotency-key-in-use");
    }

    HttpResponse<String> settled =
        new Shopper(SHOP_A).untilFinal("/api/payments/charge", key, body);
    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(201);
    assertThat(settled.body()).contains("\"order_status\":\"PAID\"");
    assertThat(Sandbox.charges(orderId)).hasSize(1);
    assertThat(SHOP_A.get("/api/orders/" + orderId).body()).contains("\"status\":\"PAID\"");
    // Paid: the unit was sold once, not reserved twice.
    assertThat(Db.reserved("TEA-SENCHA-100G")).isEqualTo(reservedBefore);
    assertThat(Db.onHand("TEA-SENCHA-100G")).isEqualTo(onHandBefore - 1);
    System.out.printf(
        "Crash: order %d, charges at the gateway %d, paid by the reconciler after %d s, the"
            + " client's retry answered after %d s%n",
        orderId,
        Sandbox.charges(orderId).size(),
        settledAfter.toSeconds(),
        Duration.between(claimed, Instant.now()).toSeconds());
  }

  private static String status(long orderId) {
    HttpResponse<String> order = SHOP_A.get("/api/orders/" + orderId);
    return order.statusCode() == 200
        ? Shopper.json(order.body()).path("status").asText()
        : "HTTP " + order.statusCode();
  }

  private static void start() throws IOException, InterruptedException {
    Process start =
        new ProcessBuilder(WLP.resolve("bin/server").toString(), "start", SERVER)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(start.waitFor(120, TimeUnit.SECONDS)).isTrue();
    Await.until(
        "the restarted server " + SERVER + " to be ready",
        Duration.ofMinutes(3),
        () -> {
          try {
            return Api.send(
                        java.net.http.HttpRequest.newBuilder(
                                java.net.URI.create("http://localhost:" + PORT + "/health/ready"))
                            .build())
                    .statusCode()
                == 200;
          } catch (RuntimeException notYet) {
            return false;
          }
        });
  }

  /**
   * This build's server only: another checkout of the project on the same machine may run a server
   * of the same name, and killing that one instead lets the charge finish.
   */
  private static Optional<ProcessHandle> liberty() {
    String launcher = WLP.resolve("bin/tools/ws-server.jar").toAbsolutePath().toString();
    return ProcessHandle.allProcesses()
        .filter(
            p ->
                p.info()
                    .commandLine()
                    .map(c -> c.contains(launcher) && c.contains(" " + SERVER))
                    .orElse(false))
        .findFirst();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}

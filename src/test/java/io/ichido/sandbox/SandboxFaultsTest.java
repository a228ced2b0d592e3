package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The faults a test arms on any gateway: errors in the gateway's own shape, timeouts, delays,
 * chaos.
 */
class SandboxFaultsTest extends SandboxTestSupport {

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  void resetClosesTheConnectionBeforeAnyCharge(String gateway) throws Exception {
    HttpRequest charge = cardCharge(gateway, "f-reset-" + gateway, "41");
    fault(gateway, matchFor(gateway, "f-reset-" + gateway, "41"), "reset", "");

    assertThatThrownBy(() -> http.send(charge, BodyHandlers.ofString()))
        .isInstanceOf(IOException.class);
    assertThat(ledger(gateway, "41")).isEmpty();
    assertThat(http.send(charge, BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    assertThat(ledger(gateway, "41")).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName(
      "drop charges, loses the answer, and the retry with the same key charges nothing (but at"
          + " Omise, which promises nothing)")
  void dropChargesButNeverAnswers(String gateway) throws Exception {
    HttpRequest charge = cardCharge(gateway, "f-drop-" + gateway, "42");
    fault(gateway, matchFor(gateway, "f-drop-" + gateway, "42"), "drop", "");

    assertThatThrownBy(() -> http.send(charge, BodyHandlers.ofString()))
        .isInstanceOf(IOException.class);
    assertThat(ledger(gateway, "42")).hasSize(1);
    HttpResponse<String> retry = http.send(charge, BodyHandlers.ofString());
    assertThat(retry.statusCode()).isEqualTo(200);
    assertThat(ledger(gateway, "42")).hasSize(gateway.equals("omise") ? 2 : 1);
    if (gateway.equals("stripe")) {
      assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    }
  }

  @Test
  void httpErrorsComeInTheGatewaysOwnShape() throws Exception {
    fault("stripe", "f-429", "http429", "");
    fault("stripe", "f-500", "http500", "");
    fault("omise", "f-503", "http503", "");

    HttpResponse<String> limited = send(stripe("f-429", stripeCard("43", "pm_card_visa")));
    HttpResponse<String> broken = send(stripe("f-500", stripeCard("43", "pm_card_visa")));
    HttpResponse<String> unavailable = send(omise("f-503", omiseCard("43", "tokn_test_visa")));

    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(limited.headers().firstValue("Retry-After")).hasValue("1");
    assertThat(json(limited).at("/error/type").asText()).isEqualTo("invalid_request_error");
    assertThat(json(limited).at("/error/code").asText()).isEqualTo("rate_limit");
    assertThat(broken.statusCode()).isEqualTo(500);
    assertThat(json(broken).at("/error/type").asText()).isEqualTo("api_error");
    assertThat(unavailable.statusCode()).isEqualTo(503);
    assertThat(json(unavailable).get("object").asText()).isEqualTo("error");
    assertThat(ledger(null, "43")).isEmpty();
  }

  @Test
  void timeoutHoldsTheRequestThenClosesItUncharged() throws Exception {
    fault("komoju", "f-timeout", "timeout", ",\"delayMillis\":300");
    long start = System.nanoTime();

    assertThatThrownBy(() -> send(komoju("f-timeout", komojuBody("44", "\"tok_visa\""))))
        .isInstanceOf(IOException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(300));
    assertThat(ledger("komoju", "44")).isEmpty();
  }

  @Test
  void delayChargesAndAnswersLate() throws Exception {
    fault("stripe", "f-delay", "delay", ",\"delayMillis\":200");
    long start = System.nanoTime();

    HttpResponse<String> response = send(stripe("f-delay", stripeCard("45", "pm_card_visa")));
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(200));
    assertThat(ledger("stripe", "45")).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "komoju"})
  @DisplayName(
      "slow: while the first request works under its key, a retry gets 409, then the replay")
  void slowKeepsTheKeyInFlight(String gateway) throws Exception {
    String key = "f-slow-" + gateway;
    HttpRequest charge =
        gateway.equals("stripe")
            ? stripe(key, stripeCard("48", "pm_card_visa"))
            : komoju(key, komojuBody("48", "\"tok_visa\""));
    fault(gateway, key, "slow", UNTIL_RELEASED);
    CompletableFuture<HttpResponse<String>> first = sendHeld(charge);

    HttpResponse<String> twin = send(charge);
    assertThat(twin.statusCode()).isEqualTo(409);
    releaseHeld();
    assertThat(first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    HttpResponse<String> replay = send(charge);
    assertThat(replay.statusCode()).isEqualTo(200);
    assertThat(replay.body()).isEqualTo(first.get().body());
    assertThat(ledger(gateway, "48")).hasSize(1);
  }

  @Test
  void faultsHitOnlyTheirKeyAndOnlyTheirTimes() throws Exception {
    fault("stripe", "f-mine", "http500", ",\"times\":2");

    assertThat(send(stripe("f-other", stripeCard("46", "pm_card_visa"))).statusCode())
        .isEqualTo(200);
    assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
        .isEqualTo(500);
    assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
        .isEqualTo(500);
    assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
        .isEqualTo(200);
    assertThat(json(send(request("/_sandbox/faults").GET()))).isEmpty();
  }

  @Test
  void chaosMisbehavesReproduciblyUntilStopped() throws Exception {
    String chaos = "{\"probability\":0.5,\"seed\":42,\"modes\":[\"http503\"]}";
    List<Integer> firstRun = new ArrayList<>();
    List<Integer> secondRun = new ArrayList<>();
    send(post("/_sandbox/chaos", chaos));
    for (int i = 0; i < 12; i++) {
      firstRun.add(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode());
    }
    JsonNode stats = json(send(request("/_sandbox/stats").GET()));
    send(post("/_sandbox/chaos", chaos));
    for (int i = 0; i < 12; i++) {
      secondRun.add(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode());
    }
    send(request("/_sandbox/chaos").DELETE());

    assertThat(firstRun).contains(200, 503).containsOnly(200, 503).isEqualTo(secondRun);
    assertThat(stats.get("requests").asLong()).isEqualTo(12);
    assertThat(stats.at("/faults/http503").asLong())
        .isEqualTo(firstRun.stream().filter(s -> s == 503).count());
    assertThat(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode()).isEqualTo(200);
  }

  @Test
  void unknownModesAreRefused() throws Exception {
    assertThat(
            send(post("/_sandbox/faults", "{\"gateway\":\"stripe\",\"mode\":\"explode\"}"))
                .statusCode())
        .isEqualTo(400);
    assertThat(
            send(post("/_sandbox/faults", "{\"gateway\":\"paypal\",\"mode\":\"reset\"}"))
                .statusCode())
        .isEqualTo(400);
  }
}

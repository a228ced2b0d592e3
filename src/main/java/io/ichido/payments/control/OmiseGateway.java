package io.ichido.payments.control;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.control.GatewayHttp.Answer;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.PaymentMethod;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Form;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Omise charges over MicroProfile Rest Client (Omise's Java SDK cannot be pointed at another host).
 * Cards only here; 3-D Secure answers {@code pending} with an {@code authorize_uri}.
 */
@ApplicationScoped
public class OmiseGateway implements PaymentGateway {

  static final String NAME = "omise";
  private static final String VERSION = "2019-05-29";

  @Inject GatewaySettings settings;

  private OmiseApi omise;
  private String authorization;

  @PostConstruct
  void connect() {
    omise = GatewayHttp.client(OmiseApi.class, settings.baseUrl(NAME), settings);
    authorization = GatewayHttp.basic(settings.secretKey(NAME));
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<PaymentMethod> methods() {
    return Set.of(PaymentMethod.CARD);
  }

  @Override
  public GatewayCharge charge(ChargeCommand command) {
    Form charge =
        new Form()
            .param("amount", Long.toString(command.amount()))
            .param("currency", command.currency())
            .param("card", command.token())
            .param("description", command.reference())
            .param("metadata[order_id]", Long.toString(command.orderId()))
            .param("metadata[reference]", command.reference());
    if (command.returnUrl() != null) {
      charge.param("return_uri", command.returnUrl());
    }
    Answer answer =
        GatewayHttp.call(
            NAME, () -> omise.createCharge(authorization, command.gatewayKey(), VERSION, charge));
    return interpret(answer);
  }

  @Override
  public GatewayCharge retrieve(String chargeId) {
    return interpret(
        GatewayHttp.call(NAME, () -> omise.retrieveCharge(authorization, VERSION, chargeId)));
  }

  private static GatewayCharge interpret(Answer answer) {
    JsonNode body = answer.body();
    if (!answer.ok() || !"charge".equals(GatewayHttp.text(body, "object"))) {
      throw new GatewayRejected(NAME, String.valueOf(GatewayHttp.text(body, "code")));
    }
    String id = GatewayHttp.text(body, "id");
    long amount = body.path("amount").asLong();
    String currency = String.valueOf(GatewayHttp.text(body, "currency")).toUpperCase(Locale.ROOT);
    String authorizeUri = GatewayHttp.text(body, "authorize_uri");
    return switch (String.valueOf(GatewayHttp.text(body, "status"))) {
      case "successful" ->
          new GatewayCharge(
              ChargeStatus.SUCCEEDED,
              id,
              amount,
              currency,
              null,
              null,
              null,
              null,
              body.path("refunded_amount").asLong(body.path("refunded").asLong()));
      case "pending" ->
          new GatewayCharge(
              ChargeStatus.REQUIRES_ACTION,
              id,
              amount,
              currency,
              authorizeUri == null ? null : Map.of("authorize_uri", authorizeUri),
              authorizeUri,
              null,
              null);
      default ->
          GatewayCharge.declined(
              id,
              amount,
              currency,
              GatewayHttp.text(body, "failure_code"),
              GatewayHttp.text(body, "failure_message"));
    };
  }
}

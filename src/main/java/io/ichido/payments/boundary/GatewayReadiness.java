package io.ichido.payments.boundary;

import io.ichido.payments.control.GatewayConfigCheck;
import io.ichido.payments.control.GatewayConfigCheck.Problem;
import io.ichido.payments.control.GatewayRefusals;
import io.ichido.payments.control.GatewaySettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while an enabled gateway is configured unsafely (see {@link GatewayConfigCheck}): a
 * server with a public webhook secret must not take traffic; nor while a gateway refuses our secret
 * key ({@link GatewayRefusals}), until it accepts a call again. The data names each offending
 * property with its environment variable and the reason, never a value.
 */
@Readiness
@ApplicationScoped
public class GatewayReadiness implements HealthCheck {

  @Inject GatewayConfigCheck check;
  @Inject GatewaySettings settings;
  @Inject GatewayRefusals refusals;

  @Override
  public HealthCheckResponse call() {
    List<Problem> problems = check.problems();
    List<GatewayRefusals.Refused> refused = refusals.credentialsRefused();
    HealthCheckResponseBuilder response =
        HealthCheckResponse.named("gateway-configuration")
            .status(problems.isEmpty() && refused.isEmpty())
            .withData(
                "enabled",
                String.join(",", settings.names().stream().filter(settings::enabled).toList()));
    for (Problem problem : problems) {
      response.withData(problem.property(), problem.variable() + " " + problem.reason());
    }
    for (GatewayRefusals.Refused refusal : refused) {
      response.withData(
          refusal.property(),
          "refused by "
              + refusal.gateway()
              + " (HTTP "
              + refusal.httpStatus()
              + ", "
              + refusal.why().label()
              + ") since "
              + refusal.since());
    }
    return response.build();
  }
}

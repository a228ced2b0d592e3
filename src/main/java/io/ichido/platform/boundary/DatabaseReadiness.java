package io.ichido.platform.boundary;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready while PostgreSQL cannot be reached: every endpoint needs it. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

  @Resource(lookup = "jdbc/ichido")
  DataSource database;

  @Override
  public HealthCheckResponse call() {
    try (Connection connection = database.getConnection()) {
      return HealthCheckResponse.named("database").status(connection.isValid(2)).build();
    } catch (SQLException unreachable) {
      return HealthCheckResponse.named("database")
          .down()
          .withData("error", unreachable.getClass().getSimpleName())
          .build();
    }
  }
}

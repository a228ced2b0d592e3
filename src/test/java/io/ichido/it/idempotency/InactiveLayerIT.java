package io.ichido.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.idempotency.standalone.VetoIdempotentInterceptor;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.ServerLog;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A WAR whose {@code @Idempotent} endpoints the layer would not guard (its interceptor gone) never
 * runs one of them: should the deployment check not run, every request is answered 500 without the
 * endpoint running. The refused deployment itself is tested in {@code IdempotencyExtensionTest}: a
 * WAR refused on this shared server stayed behind in a failed state, and its endpoints still
 * appeared in the server's /openapi document for the tests after it.
 */
@ArquillianTest
@OwnDeployment
class InactiveLayerIT {

  private static final String SERVICES =
      "META-INF/services/jakarta.enterprise.inject.spi.Extension";
  private static final String BODY = "{\"amount\":100,\"note\":\"coffee\"}";

  @ArquillianResource Deployer deployer;

  @Deployment(name = "unchecked", managed = false, testable = false)
  static WebArchive unchecked() {
    // The jar without its CDI extension: the deployment check cannot run, the filter's must.
    JavaArchive layer = StandaloneIdempotencyIT.layerJar();
    layer.delete(SERVICES);
    return StandaloneIdempotencyIT.ledgerWar("ledger-unchecked.war", layer)
        .addClass(VetoIdempotentInterceptor.class)
        .addAsResource(new StringAsset(VetoIdempotentInterceptor.class.getName()), SERVICES);
  }

  @BeforeAll
  static void ledgerTable() {
    Db.update(
        "CREATE TABLE IF NOT EXISTS it_ledger (id BIGSERIAL PRIMARY KEY, idem_key TEXT NOT NULL,"
            + " body TEXT NOT NULL)");
  }

  @Test
  @DisplayName(
      "should the check not run, the same key twice gets 500 idempotency-layer-inactive twice,"
          + " and the endpoint never runs")
  void requestsRefused() {
    deployer.deploy("unchecked");
    try {
      String key = "inactive-" + UUID.randomUUID();
      for (int i = 0; i < 2; i++) {
        HttpResponse<String> answer = post("/ledger-unchecked/api/ledger", key);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(500);
        assertThat(answer.headers().firstValue("Content-Type"))
            .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.body()).contains("idempotency-layer-inactive");
      }
      assertThat(rows(key)).as("ledger rows written").isZero();
      assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", key))
          .as("keys claimed")
          .isZero();
      assertThat(ServerLog.text()).contains("Idempotency layer inactive");
    } finally {
      undeployQuietly("unchecked");
    }
  }

  private void undeployQuietly(String name) {
    try {
      deployer.undeploy(name);
    } catch (RuntimeException notDeployed) {
      // A refused deployment may have left nothing to undeploy.
    }
  }

  private static HttpResponse<String> post(String path, String key) {
    return Api.send(
        Api.as("shop-a")
            .request(path)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(BODY))
            .build());
  }

  private static long rows(String key) {
    return Db.count("SELECT count(*) FROM it_ledger WHERE idem_key = ?", key);
  }
}

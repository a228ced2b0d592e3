package io.ichido.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.idempotency.standalone.LedgerApplication;
import io.ichido.it.idempotency.standalone.LedgerBusy;
import io.ichido.it.idempotency.standalone.LedgerBusyMapper;
import io.ichido.it.idempotency.standalone.LedgerResource;
import io.ichido.it.idempotency.standalone.LedgerRows;
import io.ichido.it.idempotency.standalone.OpenLedgerResource;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OwnDeployment;
import java.io.File;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A WAR made of the reusable {@code ichido-idempotency} jar and one resource written for this test,
 * as a team would build it: the contract holds there too.
 */
@ArquillianTest
@OwnDeployment
class StandaloneIdempotencyIT {

  private static final String LEDGER = "/ledger-it/api/ledger";
  private static final String OUTSIDE = LEDGER + "/outside";
  private static final String UNSCOPED = "/ledger-it/api/open/unscoped";
  private static final String TENANTS = "/ledger-it/api/open/tenants";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final String BODY = "{\"amount\":100,\"note\":\"coffee\"}";

  @Deployment(testable = false)
  static WebArchive deployment() {
    return ledgerWar("ledger-it.war", layerJar());
  }

  /** The idempotency jar as the build made it. */
  static JavaArchive layerJar() {
    File jar = new File(System.getProperty("ichido.idempotencyJar"));
    return ShrinkWrap.createFromZipFile(JavaArchive.class, jar);
  }

  /** The ledger WAR, named {@code name} (its context root), with {@code layer} as its library. */
  static WebArchive ledgerWar(String name, JavaArchive layer) {
    WebArchive war =
        ShrinkWrap.create(WebArchive.class, name)
            .addClasses(
                LedgerApplication.class,
                LedgerResource.class,
                LedgerRows.class,
                LedgerBusy.class,
                LedgerBusyMapper.class,
                OpenLedgerResource.class)
            .addAsLibrary(layer)
            .addAsResource(new StringAsset(PERSISTENCE_XML), "META-INF/persistence.xml")
            .addAsResource(
                new StringAsset("ichido.idempotency.lease=PT3S\n"),
                "META-INF/microprofile-config.properties")
            .addAsWebInfResource(new StringAsset(BEANS_XML), "beans.xml")
            .addAsWebInfResource(new StringAsset(WEB_XML), "web.xml")
            .addAsWebInfResource(new StringAsset(BINDINGS_XML), "ibm-application-bnd.xml");
    // The jar's one third-party dependency: Jackson, as the team's WAR would carry it.
    Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> p.matches(".*jackson-(core|databind|annotations)-[0-9.]+\\.jar"))
        .forEach(p -> war.addAsLibrary(new File(p)));
    return war;
  }

  @BeforeAll
  static void ledgerTable() {
    Db.update(
        "CREATE TABLE IF NOT EXISTS it_ledger (id BIGSERIAL PRIMARY KEY, idem_key TEXT NOT NULL,"
            + " body TEXT NOT NULL)");
  }

  private static String key() {
    return "ledger-" + UUID.randomUUID();
  }

  /** As shop-a, with headers that tell the ledger how to behave. */
  private static HttpResponse<String> post(
      String path, String key, String body, String... headers) {
    HttpRequest.Builder request =
        SHOP_A
            .request(path)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    return Api.send(headers.length == 0 ? request.build() : request.headers(headers).build());
  }

  private static long rows(String key) {
    return Db.count("SELECT count(*) FROM it_ledger WHERE idem_key = ?", key);
  }

  @Test
  @DisplayName("first request runs, the repeat replays byte for byte, one row written")
  void runsOnceAndReplays() {
    String key = key();

    HttpResponse<String> first = SHOP_A.postJson(LEDGER, key, BODY);
    HttpResponse<String> again = SHOP_A.postJson(LEDGER, key, BODY);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.body()).contains("\"inTransaction\":true"); // the probe sees the layer's
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  void missingKeyAndReuse() {
    String key = key();
    assertThat(SHOP_A.postJson(LEDGER, null, BODY).statusCode()).isEqualTo(400);
    assertThat(SHOP_A.postJson(LEDGER, key, BODY).statusCode()).isEqualTo(201);
    HttpResponse<String> reused = SHOP_A.postJson(LEDGER, key, "{\"amount\":101}");
    assertThat(reused.statusCode()).isEqualTo(422);
    assertThat(reused.body()).contains("idempotency-key-reused");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName("the same key with another query string: 422, the endpoint does not run again")
  void queryStringCounts() {
    String key = key();
    assertThat(SHOP_A.postJson(LEDGER + "?note=a&n=1", key, BODY).statusCode()).isEqualTo(201);
    HttpResponse<String> same = SHOP_A.postJson(LEDGER + "?note=a&n=1", key, BODY);
    HttpResponse<String> other = SHOP_A.postJson(LEDGER + "?note=b&n=1", key, BODY);

    assertThat(same.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(other.statusCode()).isEqualTo(422);
    assertThat(other.body()).contains("idempotency-key-reused");
    assertThat(SHOP_A.postJson(LEDGER, key, BODY).statusCode()).isEqualTo(422);
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName("a JSON body nested deeper than 64 levels: 400 request-too-deep, nothing recorded")
  void tooDeep() {
    String key = key();
    HttpResponse<String> answer = SHOP_A.postJson(LEDGER, key, "[".repeat(65) + "]".repeat(65));

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.body()).contains("request-too-deep");
    assertThat(Db.keys("principal:shop-a", key)).isZero();
    assertThat(rows(key)).isZero();
    assertThat(SHOP_A.postJson(LEDGER, key, "[".repeat(64) + "]".repeat(64)).statusCode())
        .isEqualTo(201);
  }

  @Test
  @DisplayName("anonymous, on an endpoint that names no scope: 500, the endpoint does not run")
  void anonymousWithoutScopeIsRefused() {
    String key = key();

    HttpResponse<String> refused = Api.anonymous().postJson(UNSCOPED, key, BODY);

    assertThat(refused.statusCode()).isEqualTo(500);
    assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(refused.body()).contains("https://ichido.dev/problems/idempotency-scope-missing");
    assertThat(rows(key)).isZero();
    assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", key)).isZero();
  }

  @Test
  @DisplayName("a scope header: two values never share an answer, its absence is 400")
  void scopeHeader() {
    String key = key();
    Api anonymous = Api.anonymous();

    HttpResponse<String> first = tenant(anonymous, "t1", key);
    HttpResponse<String> second = tenant(anonymous, "t2", key);
    HttpResponse<String> firstAgain = tenant(anonymous, "t1", key);
    HttpResponse<String> signedIn = tenant(SHOP_A, "t2", key);
    HttpResponse<String> without = anonymous.postJson(TENANTS, key, BODY);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(second.statusCode()).isEqualTo(201);
    assertThat(second.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(second.body()).contains("\"tenant\":\"t2\"").isNotEqualTo(first.body());
    assertThat(firstAgain.body()).isEqualTo(first.body());
    assertThat(firstAgain.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    // The header is the endpoint's scope, whoever signs in.
    assertThat(signedIn.body()).isEqualTo(second.body());
    assertThat(without.statusCode()).isEqualTo(400);
    assertThat(without.body()).contains("idempotency-scope-header-missing");
    assertThat(rows(key)).isEqualTo(2);
    assertThat(Db.keys("header:X-Tenant:t1", key)).isEqualTo(1);
    assertThat(Db.keys("header:X-Tenant:t2", key)).isEqualTo(1);
  }

  private static HttpResponse<String> tenant(Api caller, String tenant, String key) {
    return Api.send(
        caller
            .request(TENANTS)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .header(OpenLedgerResource.TENANT, tenant)
            .POST(HttpRequest.BodyPublishers.ofString(BODY))
            .build());
  }

  @Test
  void keysAreScopedPerCaller() {
    String key = key();
    assertThat(SHOP_A.postJson(LEDGER, key, BODY).statusCode()).isEqualTo(201);
    HttpResponse<String> other = Api.as("shop-b").postJson(LEDGER, key, BODY);
    assertThat(other.statusCode()).isEqualTo(201);
    assertThat(other.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(rows(key)).isEqualTo(2);
  }

  @Test
  @DisplayName("a concurrent twin gets 409 with Retry-After and does not disturb the first")
  void concurrentTwin() throws Exception {
    String key = key();
    CompletableFuture<HttpResponse<String>> first =
        CompletableFuture.supplyAsync(
            () -> post(LEDGER, key, BODY, LedgerResource.SLEEP_MS, "1500"));
    Await.until("the first request to claim its key", () -> Db.keys("principal:shop-a", key) == 1);

    HttpResponse<String> twin = SHOP_A.postJson(LEDGER, key, BODY);

    assertThat(twin.statusCode()).isEqualTo(409);
    assertThat(twin.headers().firstValue("Retry-After")).isPresent();
    HttpResponse<String> original = first.get(30, TimeUnit.SECONDS);
    assertThat(original.statusCode()).isEqualTo(201);
    assertThat(SHOP_A.postJson(LEDGER, key, BODY).body()).isEqualTo(original.body());
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName("a transient exception releases the key and rolls the endpoint's writes back")
  void transientExceptionReleases() {
    assertThat(failThenRetry(LEDGER, "transient", 0).statusCode()).isGreaterThanOrEqualTo(500);
  }

  @Test
  @DisplayName("an exception marked TransientFailure releases the key, whatever it is mapped to")
  void markedTransientFailureReleases() {
    HttpResponse<String> busy = failThenRetry(LEDGER, "busy", 0);
    assertThat(busy.statusCode()).isEqualTo(409);
    assertThat(busy.body()).contains("ledger-busy");
  }

  @Test
  @DisplayName("transactional = false: runs outside any transaction, its answer is replayed")
  void outsideTheLayersTransaction() {
    String key = key();

    HttpResponse<String> first = SHOP_A.postJson(OUTSIDE, key, BODY);
    HttpResponse<String> again = SHOP_A.postJson(OUTSIDE, key, BODY);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(first.body()).contains("\"inTransaction\":false");
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName("transactional = false: a transient failure or a 5xx releases the key, writes stay")
  void outsideTheLayersTransactionFailuresRelease() {
    // The endpoint committed its row itself: nothing of the layer's can roll it back.
    assertThat(failThenRetry(OUTSIDE, "busy", 1).statusCode()).isEqualTo(409);
    assertThat(failThenRetry(OUTSIDE, "server-error", 1).statusCode()).isEqualTo(503);
  }

  @Test
  @DisplayName("a 5xx answer releases the key and rolls back; an unexpected exception too")
  void serverErrorsRelease() {
    for (String failure : new String[] {"server-error", "unexpected"}) {
      assertThat(failThenRetry(LEDGER, failure, 0).statusCode())
          .as(failure)
          .isGreaterThanOrEqualTo(500);
    }
  }

  /**
   * Fails once as told, then sends the same request without the failure: the key must have been
   * freed, so the endpoint runs again.
   *
   * @param rowsKept the rows the failed attempt leaves behind
   * @return the failed attempt's answer
   */
  private static HttpResponse<String> failThenRetry(String path, String failure, long rowsKept) {
    String key = key();
    HttpResponse<String> failed = post(path, key, BODY, LedgerResource.FAIL, failure);
    assertThat(rows(key)).as(failure).isEqualTo(rowsKept);
    assertThat(Db.keys("principal:shop-a", key)).as(failure).isZero();

    HttpResponse<String> retry = SHOP_A.postJson(path, key, BODY);
    assertThat(retry.statusCode()).as(failure).isEqualTo(201);
    assertThat(retry.headers().firstValue("Idempotency-Replayed")).as(failure).isEmpty();
    assertThat(rows(key)).as(failure).isEqualTo(rowsKept + 1);
    return failed;
  }

  @Test
  @DisplayName("a 4xx answer commits with its writes and is replayed")
  void clientErrorIsRecordedWithItsWrites() {
    String key = key();

    HttpResponse<String> declined = post(LEDGER, key, BODY, LedgerResource.FAIL, "client-error");
    HttpResponse<String> retry = SHOP_A.postJson(LEDGER, key, BODY);

    assertThat(declined.statusCode()).isEqualTo(402);
    assertThat(retry.statusCode()).isEqualTo(402);
    assertThat(retry.body()).isEqualTo(declined.body());
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName("a request that outlives its lease is taken over, and can no longer commit")
  void leaseTakeoverIsFenced() throws Exception {
    String key = key();
    CompletableFuture<HttpResponse<String>> slow =
        CompletableFuture.supplyAsync(
            () -> post(LEDGER, key, BODY, LedgerResource.SLEEP_MS, "3000"));
    Await.until("the first request to claim its key", () -> Db.keys("principal:shop-a", key) == 1);
    // Its 3 s lease runs out while it still works, as the clock would end it.
    Db.update(
        "UPDATE idempotency_key SET locked_until = now() - interval '1 second'"
            + " WHERE scope = ? AND idem_key = ?",
        "principal:shop-a",
        key);

    HttpResponse<String> takeover = SHOP_A.postJson(LEDGER, key, BODY);
    assertThat(takeover.statusCode()).isEqualTo(201);

    HttpResponse<String> overtaken = slow.get(30, TimeUnit.SECONDS);
    assertThat(overtaken.statusCode()).isEqualTo(409);
    assertThat(rows(key)).isEqualTo(1);
    assertThat(SHOP_A.postJson(LEDGER, key, BODY).body()).isEqualTo(takeover.body());
  }

  @Test
  @DisplayName("@Idempotent(required = false) runs unprotected without a key, protected with one")
  void optionalKey() {
    String key = key();
    assertThat(SHOP_A.postJson(LEDGER + "/optional", null, BODY).statusCode()).isEqualTo(201);
    assertThat(SHOP_A.postJson(LEDGER + "/optional", key, BODY).statusCode()).isEqualTo(201);
    assertThat(
            SHOP_A
                .postJson(LEDGER + "/optional", key, BODY)
                .headers()
                .firstValue("Idempotency-Replayed"))
        .hasValue("true");
    assertThat(rows(key)).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "@Idempotent(retention = \"PT4S\"), just longer than the lease (PT3S): the key is kept 4"
          + " seconds, then forgotten")
  void annotatedRetention() throws Exception {
    String key = key();
    assertThat(SHOP_A.postJson(LEDGER + "/short-lived", key, BODY).statusCode()).isEqualTo(201);
    assertThat(
            Db.count(
                "SELECT extract(epoch FROM expires_at - created_at) * 1000 FROM idempotency_key"
                    + " WHERE scope = ? AND idem_key = ?",
                "principal:shop-a",
                key))
        .as("kept for the annotation's retention, in milliseconds")
        .isEqualTo(4000);
    // The four seconds pass.
    Db.update(
        "UPDATE idempotency_key SET expires_at = now() - interval '1 second'"
            + " WHERE scope = ? AND idem_key = ?",
        "principal:shop-a",
        key);
    HttpResponse<String> later = SHOP_A.postJson(LEDGER + "/short-lived", key, BODY);
    assertThat(later.statusCode()).isEqualTo(201);
    assertThat(later.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(rows(key)).isEqualTo(2);
  }

  private static final String PERSISTENCE_XML =
      """
      <persistence xmlns="https://jakarta.ee/xml/ns/persistence" version="3.2">
        <persistence-unit name="ledger" transaction-type="JTA">
          <provider>org.hibernate.jpa.HibernatePersistenceProvider</provider>
          <jta-data-source>jdbc/ichido</jta-data-source>
          <class>io.ichido.idempotency.entity.IdempotencyKey</class>
          <exclude-unlisted-classes>true</exclude-unlisted-classes>
          <properties>
            <property name="hibernate.transaction.jta.platform"
              value="org.hibernate.engine.transaction.jta.platform.internal.WebSphereLibertyJtaPlatform"/>
          </properties>
        </persistence-unit>
      </persistence>
      """;

  private static final String BEANS_XML =
      """
      <beans xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.1"
             bean-discovery-mode="annotated"/>
      """;

  private static final String WEB_XML =
      """
      <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.1">
        <security-constraint>
          <web-resource-collection>
            <web-resource-name>all</web-resource-name>
            <url-pattern>/api/ledger/*</url-pattern>
          </web-resource-collection>
          <auth-constraint><role-name>client</role-name></auth-constraint>
        </security-constraint>
        <login-config><auth-method>BASIC</auth-method></login-config>
        <security-role><role-name>client</role-name></security-role>
      </web-app>
      """;

  private static final String BINDINGS_XML =
      """
      <application-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.2">
        <security-role name="client"><group name="client"/></security-role>
      </application-bnd>
      """;
}

package io.ichido.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.dev.DevDatabase;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.SecondServer;
import io.ichido.it.support.Together;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The template a team copies, src/examples/transfers, as the README walks a team through it: copied
 * into a directory of its own, built with its own pom against {@code io.ichido:ichido-idempotency}
 * (published by this build to a file repository, as to a team's, and resolved from there), its
 * tables made by its own Liquibase run, and run on a Liberty server made from its own server.xml.
 * Twice: as it is, on Liberty's default JPA provider (EclipseLink), and with its
 * hibernate/persistence.xml on Hibernate ORM. A third copy leaves the key entity out of its
 * persistence unit, and must be refused; so must the template on a schema without the key table.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExampleTemplateIT {

  private static final Path TEMPLATE = Path.of("src/examples/transfers");
  private static final Path COPY = Path.of("target/examples/transfers");
  private static final Path WLP = Path.of("target/liberty/wlp");
  private static final String SERVER = "ichido-examples";
  private static final Path SERVER_DIR = WLP.resolve("usr/servers/" + SERVER);
  private static final String BASE =
      "http://localhost:" + System.getProperty("ichido.examplesHttpPort", "9084");
  private static final Api ALICE = Api.at(BASE, "alice");

  /** Where each copy answers: the template as it is, on EclipseLink, and on Hibernate. */
  private static final String ECLIPSELINK = "";

  private static final String HIBERNATE = "/hibernate";
  private static final String WITHOUT_ENTITY = "/without-entity";

  private static final Path EXAMPLES_REPO =
      Path.of(System.getProperty("ichido.examplesRepository"));
  private static final Path TEAM_REPO = Path.of(System.getProperty("ichido.teamRepository"));
  private static final String LAYER = "io/ichido/ichido-idempotency/";

  private static final String BODY = "{\"from\":\"ACC-1\",\"to\":\"ACC-2\",\"amount\":1500}";

  @BeforeAll
  static void buildAndStart() throws Exception {
    SecondServer.deleteRecursively(COPY);
    SecondServer.copyTree(TEMPLATE, COPY);
    // The layer must come from the team repository, not from an earlier run's copy.
    SecondServer.deleteRecursively(EXAMPLES_REPO.resolve("io/ichido"));
    // And what Liquibase brings must be this run's: an earlier build may have fetched more.
    SecondServer.deleteRecursively(EXAMPLES_REPO.resolve("org/liquibase"));
    SecondServer.deleteRecursively(TEAM_REPO);
    maven(
        Path.of("pom.xml"),
        "deploy:deploy-file@publish-idempotency",
        "-Dichido.publish.url=" + TEAM_REPO.toUri(),
        "-Dichido.publish.repositoryId=team");
    build("package", "exec:java@liquibase-update");

    Path war = COPY.resolve("target/transfers.war");
    SecondServer.deleteRecursively(SERVER_DIR);
    server("create"); // as liberty:create does: server.env with the keystore's password
    Files.createDirectories(SERVER_DIR.resolve("apps"));
    Files.createDirectories(SERVER_DIR.resolve("configDropins/overrides"));
    Files.copy(
        COPY.resolve("src/main/liberty/config/server.xml"),
        SERVER_DIR.resolve("server.xml"),
        StandardCopyOption.REPLACE_EXISTING);
    Files.copy(war, SERVER_DIR.resolve("apps/transfers.war"));
    persistenceXml(war, Files.readString(COPY.resolve("hibernate/persistence.xml")))
        .as(ZipExporter.class)
        .exportTo(SERVER_DIR.resolve("apps/transfers-hibernate.war").toFile());
    String withoutEntity =
        Files.readString(COPY.resolve("src/main/resources/META-INF/persistence.xml"))
            .replaceAll("(?m)^.*io\\.ichido\\.idempotency\\.entity\\.IdempotencyKey.*\\R", "");
    assertThat(withoutEntity).doesNotContain("IdempotencyKey");
    persistenceXml(war, withoutEntity)
        .as(ZipExporter.class)
        .exportTo(SERVER_DIR.resolve("apps/transfers-without-entity.war").toFile());

    // The template's copyDependencies puts the driver in lib/global; Hibernate and what it needs
    // become a library of the Hibernate copy alone, as docs/idempotent.md says it must (outside the
    // WAR).
    Path build = WLP.resolve("usr/servers/" + System.getProperty("ichido.itServer", "ichido-it"));
    Files.createDirectories(SERVER_DIR.resolve("lib/global"));
    Files.createDirectories(SERVER_DIR.resolve("lib/hibernate"));
    try (Stream<Path> jars = Files.list(build.resolve("lib/global"))) {
      for (Path jar : jars.toList()) {
        String name = jar.getFileName().toString();
        Path to = name.equals("postgresql.jar") ? Path.of("lib/global") : Path.of("lib/hibernate");
        Files.copy(jar, SERVER_DIR.resolve(to).resolve(name));
      }
    }
    Files.writeString(
        SERVER_DIR.resolve("configDropins/overrides/example-it.xml"),
        """
        <server>
            <variable name="HTTP_PORT" value="%s"/>
            <variable name="DB_PORT" value="%s"/>
            <library id="hibernate">
                <fileset dir="${server.config.dir}/lib/hibernate" includes="*.jar"/>
            </library>
            <webApplication location="transfers-hibernate.war" contextRoot="%s">
                <classloader commonLibraryRef="hibernate"/>
            </webApplication>
            <webApplication location="transfers-without-entity.war" contextRoot="%s"/>
        </server>
        """
            .formatted(
                BASE.substring(BASE.lastIndexOf(':') + 1), Db.port(), HIBERNATE, WITHOUT_ENTITY));
    server("stop");
    server("start");
    for (String copy : List.of(ECLIPSELINK, HIBERNATE)) {
      Await.until(
          "the template on " + SERVER + copy,
          Duration.ofMinutes(2),
          () -> answers(copy + "/api/transfers?idempotencyKey=none"));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    server("stop");
  }

  @ParameterizedTest(name = "{displayName} on {0}")
  @ValueSource(strings = {"EclipseLink", "Hibernate"})
  @DisplayName("docs/idempotent.md's checks: once, replays byte for byte, 422 for another body")
  void runsOnce(String provider) {
    String path = root(provider) + "/api/transfers";
    String key = "transfer-" + UUID.randomUUID();

    HttpResponse<String> first = ALICE.postJson(path, key, BODY);
    HttpResponse<String> again = ALICE.postJson(path, key, BODY);
    HttpResponse<String> other = ALICE.postJson(path, key, BODY.replace("1500", "1501"));

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(first.body()).contains("\"amount\":1500").contains(key);
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(other.statusCode()).isEqualTo(422);
    assertThat(other.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(ALICE.postJson(path, null, BODY).statusCode()).isEqualTo(400);
    assertThat(rows(key)).isEqualTo(1);
    assertThat(ALICE.get(path + "?idempotencyKey=" + key).body()).contains(key);
  }

  @ParameterizedTest(name = "{displayName} on {0}")
  @ValueSource(strings = {"EclipseLink", "Hibernate"})
  @DisplayName("ten at once with one key: one transfer, the others 409 or the stored answer")
  void concurrentTwins(String provider) throws Exception {
    String path = root(provider) + "/api/transfers";
    String key = "transfer-" + UUID.randomUUID();

    List<HttpResponse<String>> answers = Together.fire(10, i -> ALICE.postJson(path, key, BODY));

    List<Integer> statuses = new ArrayList<>();
    answers.forEach(a -> statuses.add(a.statusCode()));
    assertThat(statuses).containsOnly(201, 409).contains(201);
    assertThat(rows(key)).isEqualTo(1);
    assertThat(ALICE.postJson(path, key, BODY).headers().firstValue("Idempotency-Replayed"))
        .hasValue("true");
  }

  @Test
  @DisplayName("each copy runs on its provider, with its purge timer in the template's timer store")
  void providersAndTimers() throws Exception {
    String log = Files.readString(SERVER_DIR.resolve("logs/messages.log"));
    assertThat(log.lines().filter(l -> l.contains("CWWJP0053I")).count())
        .as("Hibernate is used as a third-party JPA provider, for one application")
        .isEqualTo(1);
    assertThat(log)
        .contains("[eclipselink] EclipseLink, version")
        .contains("CWWKZ0001I: Application transfers started")
        .contains("CWWKZ0001I: Application transfers-hibernate started");
    List<String> owners = new ArrayList<>();
    try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE);
        ResultSet rows =
            c.createStatement()
                .executeQuery("SELECT DISTINCT ownr FROM ejbtimer_task ORDER BY ownr")) {
      while (rows.next()) {
        owners.add(rows.getString(1));
      }
    }
    assertThat(owners).contains("transfers", "transfers-hibernate");
  }

  @Test
  @DisplayName("the key entity left out of persistence.xml: refused at deployment, naming it")
  void withoutTheEntityRefused() throws IOException {
    String log = Files.readString(SERVER_DIR.resolve("logs/messages.log"));
    assertThat(log)
        .contains(
            "the persistence unit does not manage io.ichido.idempotency.entity.IdempotencyKey");
    String key = "transfer-" + UUID.randomUUID();

    HttpResponse<String> first = ALICE.postJson(WITHOUT_ENTITY + "/api/transfers", key, BODY);
    HttpResponse<String> again = ALICE.postJson(WITHOUT_ENTITY + "/api/transfers", key, BODY);

    assertThat(first.statusCode()).isEqualTo(404);
    assertThat(again.statusCode()).isEqualTo(404);
    assertThat(rows(key)).isZero();
  }

  @Test
  @DisplayName(
      "the layer published to a file repository: jar and pom there, the template built from it")
  void publishedLayer() throws IOException {
    Path published = TEAM_REPO.resolve(LAYER + System.getProperty("ichido.version"));
    try (Stream<Path> files = Files.list(published)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .anyMatch(f -> f.matches("ichido-idempotency-.*\\.jar"))
          .anyMatch(f -> f.matches("ichido-idempotency-.*\\.pom"));
    }
    // Resolved from a remote repository, Maven keeps the jar with the repository's id beside it.
    Path resolved = EXAMPLES_REPO.resolve(LAYER + System.getProperty("ichido.version"));
    assertThat(Files.readString(resolved.resolve("_remote.repositories")))
        .containsPattern("ichido-idempotency-.*\\.jar>team=");
  }

  @Test
  @DisplayName(
      "the template's build tools load only openly licensed artifacts, no liquibase-commercial")
  void openLicences() throws IOException {
    List<String> tools = ToolLicenses.declaredIn(TEMPLATE.resolve("pom.xml"));
    assertThat(tools).contains("org.liquibase:liquibase-core:4.33.0");

    List<ToolLicenses.Licensed> loaded =
        new ToolLicenses(
                List.of(EXAMPLES_REPO, Path.of(System.getProperty("ichido.localRepository"))))
            .of(tools);

    assertThat(loaded).isNotEmpty().allMatch(ToolLicenses.Licensed::open);
    assertThat(EXAMPLES_REPO.resolve("org/liquibase/liquibase-commercial")).doesNotExist();
  }

  @Test
  @DisplayName("the template and docs/idempotent.md name this build's version of the layer")
  void namesThisVersion() throws IOException {
    String version = System.getProperty("ichido.version");
    assertThat(Files.readString(TEMPLATE.resolve("pom.xml")))
        .contains("<ichido.version>" + version + "</ichido.version>");
    // The dependency a team copies is shown on the layer's page, no longer in the README.
    assertThat(Files.readString(Path.of("docs", "idempotent.md")))
        .contains(
            "<artifactId>ichido-idempotency</artifactId>\n  <version>" + version + "</version>");
  }

  @Test
  @Order(Integer.MAX_VALUE - 2) // restarts the server on a schema without the key table
  @DisplayName("a schema with the timer tables but no idempotency_key: refused, saying the fix")
  void withoutKeyTable() throws Exception {
    try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE)) {
      c.createStatement().execute("ALTER TABLE idempotency_key RENAME TO idempotency_key_away");
    }
    try {
      restartWith(Files.readString(COPY.resolve("src/main/liberty/config/server.xml")));

      assertRefused(
          "the table idempotency_key does not exist",
          "Run the layer's Liquibase changelog (META-INF/ichido/liquibase/changelog.xml");
    } finally {
      try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE)) {
        c.createStatement().execute("ALTER TABLE idempotency_key_away RENAME TO idempotency_key");
      }
    }
  }

  @Test
  @Order(Integer.MAX_VALUE - 1) // last: restarts the server without what the others need
  @DisplayName("a server without EJB and mpMetrics: refused at deployment, naming the features")
  void withoutFeatures() throws Exception {
    restartWith(
        removing(
            "<feature>enterpriseBeansLite-4.0</feature>",
            "<feature>enterpriseBeansPersistentTimer-4.0</feature>",
            "<feature>mpMetrics-5.1</feature>",
            "<databaseStore ",
            "<persistentExecutor "));

    assertRefused(
        "Enable mpMetrics-5.1, enterpriseBeansLite-4.0 and enterpriseBeansPersistentTimer-4.0.");
  }

  @Test
  @Order(Integer.MAX_VALUE)
  @DisplayName("a server without a timer store: refused at deployment, naming the databaseStore")
  void withoutTimerStore() throws Exception {
    restartWith(removing("<databaseStore ", "<persistentExecutor "));

    assertRefused(
        "Idempotency keys would never expire: the purge timer could not be scheduled",
        "<databaseStore tablePrefix=\"EJBTIMER_\"");
  }

  /** The template did not start, the log says why in {@code words}, and a POST writes nothing. */
  private static void assertRefused(String... words) {
    Await.until(
        "the template's refusal",
        Duration.ofMinutes(2),
        () -> log().contains("CWWKZ0002E") || log().contains("CWWKZ0001I"));
    String key = "transfer-" + UUID.randomUUID();

    HttpResponse<String> first = ALICE.postJson("/api/transfers", key, BODY);

    assertThat(log()).contains(words).contains("CWWKZ0002E");
    assertThat(first.statusCode()).isEqualTo(404);
    assertThat(rows(key)).isZero();
  }

  /** The template's server.xml without the lines that hold any of {@code parts}. */
  private static String removing(String... parts) throws IOException {
    return Files.readString(COPY.resolve("src/main/liberty/config/server.xml"))
        .lines()
        .filter(line -> List.of(parts).stream().noneMatch(line::contains))
        .collect(Collectors.joining("\n"));
  }

  /** Restarts the server with {@code serverXml}, the template alone, and a fresh log. */
  private static void restartWith(String serverXml) throws Exception {
    server("stop");
    Files.writeString(SERVER_DIR.resolve("server.xml"), serverXml);
    Files.writeString(
        SERVER_DIR.resolve("configDropins/overrides/example-it.xml"),
        """
        <server>
            <variable name="HTTP_PORT" value="%s"/>
            <variable name="DB_PORT" value="%s"/>
        </server>
        """
            .formatted(BASE.substring(BASE.lastIndexOf(':') + 1), Db.port()));
    Files.deleteIfExists(SERVER_DIR.resolve("logs/messages.log"));
    server("start");
  }

  private static String log() {
    try {
      return Files.readString(SERVER_DIR.resolve("logs/messages.log"));
    } catch (IOException notYet) {
      return "";
    }
  }

  private static String root(String provider) {
    return provider.equals("Hibernate") ? HIBERNATE : ECLIPSELINK;
  }

  private static long rows(String key) {
    try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE);
        PreparedStatement count =
            c.prepareStatement("SELECT count(*) FROM transfer WHERE idempotency_key = ?")) {
      count.setString(1, key);
      try (ResultSet rows = count.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean answers(String path) {
    try {
      return ALICE.get(path).statusCode() == 200;
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  /** The built template with another persistence.xml. */
  private static WebArchive persistenceXml(Path war, String persistenceXml) {
    WebArchive copy = ShrinkWrap.createFromZipFile(WebArchive.class, war.toFile());
    copy.delete("WEB-INF/classes/META-INF/persistence.xml");
    copy.addAsResource(new StringAsset(persistenceXml), "META-INF/persistence.xml");
    return copy;
  }

  /**
   * The copy's own build, with this build's Maven: the layer from the test run's repository, all
   * else from the machine's (read only); the database the test run's.
   */
  private static void build(String... goals) throws IOException, InterruptedException {
    List<String> arguments = new ArrayList<>(List.of("-s", teamSettings().toString()));
    arguments.add("-Dichido.version=" + System.getProperty("ichido.version"));
    arguments.add("-DDB_PORT=" + Db.port());
    arguments.addAll(List.of(goals));
    maven(COPY.resolve("pom.xml"), arguments.toArray(String[]::new));
  }

  /** {@code pom}'s build with {@code arguments}, as {@link #build} says, its log in the copy. */
  private static void maven(Path pom, String... arguments)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("ichido.mavenHome"), "bin/mvn").toString());
    command.addAll(List.of("-B", "-ntp", "-f", pom.toString()));
    command.add("-Dmaven.repo.local=" + System.getProperty("ichido.examplesRepository"));
    command.add("-Dmaven.repo.local.tail=" + System.getProperty("ichido.localRepository"));
    command.addAll(List.of(arguments));
    Path log = COPY.resolve(pom.getParent() == null ? "publish.log" : "build.log");
    Process maven =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(maven.waitFor(5, TimeUnit.MINUTES)).as("the build of %s ended", pom).isTrue();
    assertThat(maven.exitValue())
        .as("the build of %s (%s):%n%s", pom, log, Files.readString(log, StandardCharsets.UTF_8))
        .isZero();
  }

  /**
   * A settings file naming the team repository, as a team's settings.xml (or its pom's
   * repositories) would: snapshots checked on every build, so each run takes this build's layer.
   */
  private static Path teamSettings() throws IOException {
    Path settings = COPY.resolve("team-settings.xml");
    Files.writeString(
        settings,
        """
        <settings>
          <profiles>
            <profile>
              <id>team</id>
              <repositories>
                <repository>
                  <id>team</id>
                  <url>%s</url>
                  <snapshots><updatePolicy>always</updatePolicy></snapshots>
                </repository>
              </repositories>
            </profile>
          </profiles>
          <activeProfiles><activeProfile>team</activeProfile></activeProfiles>
        </settings>
        """
            .formatted(TEAM_REPO.toUri()));
    return settings;
  }

  private static void server(String action) throws IOException, InterruptedException {
    Process server =
        new ProcessBuilder(WLP.resolve("bin/server").toString(), action, SERVER)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(server.waitFor(2, TimeUnit.MINUTES)).as("server " + action).isTrue();
  }
}

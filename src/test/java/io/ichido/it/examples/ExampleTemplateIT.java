package io.ichido.it.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.dev.DevDatabase;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.SecondServer;
import io.ichido.it.support.ServersOfItsOwn;
import io.ichido.it.support.Together;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
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
 * persistence unit, and must be refused; so must the template on a schema without the key table, on
 * a server without a timer store (both redeployed on the running server) and on a server without
 * the features it needs (a server of its own, started beside the first).
 *
 * <p>The template's build is offline: everything it needs is in this build's local repository (the
 * pom's template-* executions put what this build lacks there), and the layer comes from the team
 * repository this build published it to before the integration tests
 * (deploy-file@publish-idempotency-team).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ServersOfItsOwn
class ExampleTemplateIT {

  private static final Path TEMPLATE = Path.of("src/examples/transfers");
  private static final Path COPY = Path.of("target/examples/transfers");
  private static final Path WLP = Path.of("target/liberty/wlp");
  private static final String SERVER = "ichido-examples";
  private static final Path SERVER_DIR = serverDir(SERVER);

  /** The build's own server, whose lib/global has the driver and Hibernate. */
  private static final Path BUILD_SERVER =
      serverDir(System.getProperty("ichido.itServer", "ichido-it"));

  private static final int PORT = Integer.getInteger("ichido.examplesHttpPort", 9084);
  private static final String BASE = "http://localhost:" + PORT;
  private static final Api ALICE = Api.at(BASE, "alice");

  /** The template on a server without EJB and mpMetrics, on the port after the first server's. */
  private static final String WITHOUT_FEATURES = "ichido-examples-without-features";

  private static final Api ALICE_WITHOUT_FEATURES =
      Api.at("http://localhost:" + (PORT + 1), "alice");

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
    // The layer must come from the team repository, and nothing else may come from anywhere.
    SecondServer.deleteRecursively(EXAMPLES_REPO);
    // As liberty:create does: server.env with the keystore's password. Meanwhile, the build.
    List<Process> creating = new ArrayList<>();
    for (String server : List.of(SERVER, WITHOUT_FEATURES)) {
      SecondServer.deleteRecursively(serverDir(server));
      creating.add(server("create", server));
    }
    build("package", "exec:java@liquibase-update");
    awaitAll(creating, "server create");

    Path war = COPY.resolve("target/transfers.war");
    installTemplate(
        SERVER, war, Files.readString(COPY.resolve("src/main/liberty/config/server.xml")));
    installTemplate(
        WITHOUT_FEATURES,
        war,
        removing(
            "<feature>enterpriseBeansLite-4.0</feature>",
            "<feature>enterpriseBeansPersistentTimer-4.0</feature>",
            "<feature>mpMetrics-5.1</feature>",
            "<databaseStore ",
            "<persistentExecutor "));
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
    Files.createDirectories(SERVER_DIR.resolve("lib/hibernate"));
    try (Stream<Path> jars = Files.list(BUILD_SERVER.resolve("lib/global"))) {
      for (Path jar : jars.filter(j -> !j.endsWith("postgresql.jar")).toList()) {
        Files.copy(jar, SERVER_DIR.resolve("lib/hibernate").resolve(jar.getFileName()));
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
            .formatted(PORT, Db.port(), HIBERNATE, WITHOUT_ENTITY));
    Files.writeString(
        serverDir(WITHOUT_FEATURES).resolve("configDropins/overrides/example-it.xml"),
        """
        <server>
            <variable name="HTTP_PORT" value="%s"/>
            <variable name="DB_PORT" value="%s"/>
        </server>
        """
            .formatted(PORT + 1, Db.port()));
    awaitAll(List.of(server("start", SERVER), server("start", WITHOUT_FEATURES)), "server start");
    for (String copy : List.of(ECLIPSELINK, HIBERNATE)) {
      Await.until(
          "the template on " + SERVER + copy,
          Duration.ofMinutes(2),
          () -> answers(copy + "/api/transfers?idempotencyKey=none"));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    awaitAll(List.of(server("stop", SERVER), server("stop", WITHOUT_FEATURES)), "server stop");
  }

  /**
   * A server made by {@code server create} as the template's: {@code serverXml}, its WAR, the
   * driver in lib/global (the template's copyDependencies), and the JIT's first tier only. These
   * servers start, answer a few requests and stop: the optimising compiler would cost them half
   * their start's CPU and pay back nothing (it changes no behaviour).
   */
  private static void installTemplate(String server, Path war, String serverXml)
      throws IOException {
    Path dir = serverDir(server);
    Files.createDirectories(dir.resolve("apps"));
    Files.createDirectories(dir.resolve("configDropins/overrides"));
    Files.createDirectories(dir.resolve("lib/global"));
    Files.writeString(dir.resolve("server.xml"), serverXml);
    Files.copy(war, dir.resolve("apps/transfers.war"));
    Files.copy(
        BUILD_SERVER.resolve("lib/global/postgresql.jar"),
        dir.resolve("lib/global/postgresql.jar"));
    Files.writeString(dir.resolve("jvm.options"), "-XX:TieredStopAtLevel=1\n");
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

    // Whichever way they interleave: when the first has finished before the others arrive, they
    // all get its stored answer (ten 201s, which containsOnly(201, 409) refused on a quick server).
    assertThat(answers)
        .allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isIn(201, 409))
        .filteredOn(a -> a.statusCode() == 201)
        .filteredOn(a -> a.headers().firstValue("Idempotency-Replayed").isEmpty())
        .as("the one answer that ran the transfer; every other 201 is its stored answer")
        .hasSize(1);
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
    // This build's layer, whatever earlier runs published there.
    assertThat(
            resolved.resolve("ichido-idempotency-" + System.getProperty("ichido.version") + ".jar"))
        .hasSameBinaryContentAs(Path.of(System.getProperty("ichido.idempotencyJar")));
    // And the template's offline build took nothing from anywhere else: all the rest came from
    // this build's local repository, read where it is.
    try (Stream<Path> files = Files.walk(EXAMPLES_REPO)) {
      assertThat(files.filter(Files::isRegularFile).map(EXAMPLES_REPO::relativize))
          .isNotEmpty()
          .allMatch(f -> f.startsWith(LAYER));
    }
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
  @DisplayName(
      "the published poms (the layer's and the client's) name Apache-2.0, and everything they"
          + " bring to a team's build is openly licensed")
  void publishedLicences() throws IOException {
    Path layer = Path.of("target", "idempotency-pom", "pom.xml");
    Path client = Path.of("target", "client-pom", "pom.xml");
    ToolLicenses licences =
        new ToolLicenses(List.of(Path.of(System.getProperty("ichido.localRepository"))));
    for (Path pom : List.of(layer, client)) {
      assertThat(ToolLicenses.licensesOf(pom)).as(pom.toString()).containsExactly("Apache-2.0");
      List<String> brought = ToolLicenses.dependenciesOf(pom);
      assertThat(brought).as(pom + " brings").isNotEmpty();
      List<ToolLicenses.Licensed> all = licences.of(brought);
      assertThat(all)
          .as(pom + ": what it brings, and their licences")
          .allSatisfy(artifact -> assertThat(artifact.open()).as(artifact.toString()).isTrue());
    }
    assertThat(Path.of("LICENSE")).content().contains("Apache License", "Version 2.0");
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
  @DisplayName("a server without EJB and mpMetrics: refused at deployment, naming the features")
  void withoutFeatures() {
    assertRefused(
        WITHOUT_FEATURES,
        0,
        ALICE_WITHOUT_FEATURES,
        "Enable mpMetrics-5.1, enterpriseBeansLite-4.0 and enterpriseBeansPersistentTimer-4.0.");
  }

  @Test
  @Order(Integer.MAX_VALUE - 1) // redeploys the template on a schema without the key table
  @DisplayName("a schema with the timer tables but no idempotency_key: refused, saying the fix")
  void withoutKeyTable() throws Exception {
    try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE)) {
      c.createStatement().execute("ALTER TABLE idempotency_key RENAME TO idempotency_key_away");
    }
    try {
      long from = redeploy();

      assertRefused(
          SERVER,
          from,
          ALICE,
          "the table idempotency_key does not exist",
          "Run the layer's Liquibase changelog (META-INF/ichido/liquibase/changelog.xml");
    } finally {
      try (Connection c = Db.connectTo(DevDatabase.EXAMPLES_DATABASE)) {
        c.createStatement().execute("ALTER TABLE idempotency_key_away RENAME TO idempotency_key");
      }
    }
  }

  @Test
  @Order(Integer.MAX_VALUE) // last: takes the timer store away from the running server
  @DisplayName("a server without a timer store: refused at deployment, naming the databaseStore")
  void withoutTimerStore() throws Exception {
    long from = logLength(SERVER);
    // Written whole, then moved in place: the server polls the file and must not read half of it.
    Path next = SERVER_DIR.resolve("server.xml.next");
    Files.writeString(next, removing("<databaseStore ", "<persistentExecutor "));
    Files.move(next, SERVER_DIR.resolve("server.xml"), StandardCopyOption.ATOMIC_MOVE);
    // Applied at once; the template, already started, is refused when it starts again.
    Await.until(
        "the configuration without a timer store",
        Duration.ofMinutes(1),
        () -> log(SERVER, from).contains("CWWKG0017I"));

    assertRefused(
        SERVER,
        redeploy(),
        ALICE,
        "Idempotency keys would never expire: the purge timer could not be scheduled",
        "<databaseStore tablePrefix=\"EJBTIMER_\"");
  }

  /**
   * {@code server}'s template did not start (its log from {@code from} says why in {@code words}),
   * and a POST writes nothing.
   */
  private static void assertRefused(String server, long from, Api caller, String... words) {
    Await.until(
        "the template's refusal on " + server,
        Duration.ofMinutes(2),
        () -> log(server, from).matches("(?s).*CWWKZ000[1-4].*"));
    String key = "transfer-" + UUID.randomUUID();

    HttpResponse<String> first = caller.postJson("/api/transfers", key, BODY);

    assertThat(log(server, from))
        .contains(words)
        .contains("An exception occurred while starting the application transfers.");
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

  /**
   * Starts the template (transfers.war) again on the running server, as a new deployment of it
   * does: the server sees the WAR changed. Returns where its log stood before.
   */
  private static long redeploy() throws IOException {
    long from = logLength(SERVER);
    Path war = SERVER_DIR.resolve("apps/transfers.war");
    Files.setLastModifiedTime(
        war, FileTime.from(Files.getLastModifiedTime(war).toInstant().plusSeconds(1)));
    return from;
  }

  private static long logLength(String server) throws IOException {
    return Files.size(serverDir(server).resolve("logs/messages.log"));
  }

  /** {@code server}'s messages.log from byte {@code from} on. */
  private static String log(String server, long from) {
    try (SeekableByteChannel log =
        Files.newByteChannel(serverDir(server).resolve("logs/messages.log"))) {
      log.position(from);
      return new String(Channels.newInputStream(log).readAllBytes(), StandardCharsets.UTF_8);
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
   * The copy's own build, with this build's Maven, offline: the layer from the team repository (a
   * file: one, which Maven reads offline when told so), all else from this build's local repository
   * (read only; the pom's template-* executions put there what this build lacks); the database the
   * test run's. Its log is build.log in the copy.
   */
  private static void build(String... goals) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("ichido.mavenHome"), "bin/mvn").toString());
    command.addAll(List.of("-B", "-ntp", "-o", "-f", COPY.resolve("pom.xml").toString()));
    command.addAll(List.of("-s", teamSettings().toString()));
    command.add("-Daether.offline.protocols=file");
    command.add("-Dmaven.repo.local=" + EXAMPLES_REPO);
    command.add("-Dmaven.repo.local.tail=" + System.getProperty("ichido.localRepository"));
    command.add("-Dichido.version=" + System.getProperty("ichido.version"));
    command.add("-DDB_PORT=" + Db.port());
    command.addAll(List.of(goals));
    Path log = COPY.resolve("build.log");
    ProcessBuilder builder = new ProcessBuilder(command);
    // A short build: the JIT's first tier alone spends less CPU on it than the optimising one.
    builder.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1");
    Process maven = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertThat(maven.waitFor(5, TimeUnit.MINUTES)).as("the template's build ended").isTrue();
    assertThat(maven.exitValue())
        .as("the template's build (%s):%n%s", log, Files.readString(log, StandardCharsets.UTF_8))
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

  private static Path serverDir(String server) {
    return WLP.resolve("usr/servers/" + server);
  }

  /** {@code server action name}, started (output discarded). */
  private static Process server(String action, String name) throws IOException {
    return new ProcessBuilder(WLP.resolve("bin/server").toString(), action, name)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /** Waits for each of {@code commands}, which run at once. */
  private static void awaitAll(List<Process> commands, String what) throws InterruptedException {
    for (Process command : commands) {
      assertThat(command.waitFor(2, TimeUnit.MINUTES)).as(what).isTrue();
    }
  }
}

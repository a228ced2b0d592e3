package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.dev.DevDatabase;
import io.ichido.dev.ServerPorts;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The row mapping against the real schema (the Liquibase changelog) on a real PostgreSQL. */
class LogRowsTest {

  @TempDir static Path dataDir;
  private static EmbeddedPostgres postgres;

  @BeforeAll
  static void start() throws Exception {
    postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDir)
            .setPort(ServerPorts.outsideEphemeralRange())
            .setPGStartupWait(DevDatabase.STARTUP_WAIT)
            .start();
    try (Connection connection = connect()) {
      DevDatabase.migrate(connection, Path.of("."));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    postgres.close();
  }

  @Test
  @DisplayName("a fact written, chained and read back by column name comes back field for field")
  void roundTrip() throws Exception {
    // Every field a value of its own: a column read into another field cannot go unnoticed.
    LoggedEntry full = NewEntryTest.everyField().build();
    LoggedEntry bare = NewEntry.of(LogKind.AUDIT_QUERY).build();

    try (Connection connection = connect()) {
      connection.setAutoCommit(false);
      PendingFacts.insert(connection, List.of(full, bare));
      List<PendingFacts.Pending> pending = PendingFacts.oldest(connection, 10);
      assertThat(pending).extracting(p -> p.fact().at(0, null, null)).containsExactly(full, bare);
      assertThat(pending).allSatisfy(p -> assertThat(p.fact().loggedAt()).isNotNull());

      List<LoggedEntry> chained = LogChain.append(connection, pending);
      PendingFacts.remove(connection, pending);
      LoggedEntry correction =
          NewEntry.of(LogKind.CORRECTION).corrects(chained.get(0).seq()).build();
      PendingFacts.insert(connection, List.of(correction));
      chained =
          List.of(
              chained.get(0),
              chained.get(1),
              LogChain.append(connection, PendingFacts.oldest(connection, 10)).get(0));
      connection.commit();

      for (LoggedEntry entry : chained) {
        LoggedEntry stored = LogRows.entry(connection, entry.seq()).orElseThrow();
        assertThat(stored).isEqualTo(entry);
        assertThat(EntryHash.of(stored)).isEqualTo(stored.hash());
      }
      assertThat(chained.get(1).prevHash()).isEqualTo(chained.get(0).hash());
      assertThat(chained.get(2).corrects()).isEqualTo(chained.get(0).seq());
      assertThat(LogRows.entry(connection, chained.get(2).seq() + 1)).isEmpty();
    }
  }

  private static Connection connect() throws Exception {
    return postgres.getPostgresDatabase().getConnection();
  }
}

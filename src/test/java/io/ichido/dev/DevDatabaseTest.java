package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevDatabaseTest {

  @Test
  @DisplayName("the run command's PostgreSQL acknowledges a commit only once it is on disk")
  void runDatabaseIsDurable(@TempDir Path dataDir) throws Exception {
    try (EmbeddedPostgres postgres =
            DevDatabase.postgres(dataDir, ServerPorts.outsideEphemeralRange(), false).start();
        Connection connection = postgres.getPostgresDatabase().getConnection()) {
      assertThat(setting(connection, "fsync")).isEqualTo("on");
      assertThat(setting(connection, "synchronous_commit")).isEqualTo("on");
    }
  }

  private static String setting(Connection connection, String name) throws Exception {
    try (Statement sql = connection.createStatement();
        ResultSet row = sql.executeQuery("SHOW " + name)) {
      row.next();
      return row.getString(1);
    }
  }
}

package io.ichido.platform.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** Which failures mean "the database is away" (503, retry) rather than a bug (500). */
class UnexpectedFailureMapperTest {

  @Test
  void aConnectionFailureDeepInTheCausesIsTheDatabaseBeingAway() {
    PSQLException refused =
        new PSQLException("Connection refused", PSQLState.CONNECTION_UNABLE_TO_CONNECT);

    assertThat(
            (Object)
                UnexpectedFailureMapper.databaseUnreachable(
                    new IllegalStateException(new PersistenceException(refused))))
        .isSameAs(refused);
  }

  @Test
  void anOperatorsShutdownAndAServerStillStartingAreTheDatabaseBeingAway() {
    assertThat(away(new SQLException("shutdown", "57P01"))).isTrue();
    assertThat(away(new SQLException("starting", "57P03"))).isTrue();
    assertThat(away(new SQLNonTransientConnectionException("pool closed"))).isTrue();
  }

  @Test
  void aStatementThatFailedIsNot() {
    assertThat(away(new PersistenceException(new SQLException("duplicate key", "23505"))))
        .isFalse();
    assertThat(away(new SQLException("cancelled", "57014")))
        .as("query cancelled (statement timeout)")
        .isFalse();
    assertThat(away(new IllegalStateException())).isFalse();
  }

  private static boolean away(Throwable failure) {
    return UnexpectedFailureMapper.databaseUnreachable(failure) != null;
  }
}

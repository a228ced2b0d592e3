package io.ichido.it.resilience;

import io.ichido.it.support.Db;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A persistent EJB timer as Liberty's persistent executor stores it (EJBTIMER_TASK). With fail-over
 * on ({@code missedTaskThreshold}), the server that ran a timer keeps the next run for itself until
 * that run's time plus its own threshold: {@code PARTN} holds that expiry, so {@link #claimedFor}
 * tells whose threshold, hence which server, holds it.
 *
 * @param claimedFor how long past its next run the timer stays reserved ({@link Duration#ZERO}:
 *     anyone's)
 * @param lastStart when a run last started ({@link Instant#EPOCH}: never)
 */
record TimerClaim(String name, Instant nextRun, Duration claimedFor, Instant lastStart) {

  /** The interval timers of one application. */
  static List<TimerClaim> of(String application) {
    try (Connection c = Db.connect();
        PreparedStatement query =
            Db.prepare(
                c,
                "SELECT iname, nextexec, partn, prevstart FROM ejbtimer_task WHERE ownr = ?"
                    + " ORDER BY iname",
                application);
        ResultSet rows = query.executeQuery()) {
      List<TimerClaim> timers = new ArrayList<>();
      while (rows.next()) {
        long next = rows.getLong(2);
        long expiry = rows.getLong(3);
        long start = rows.getLong(4);
        timers.add(
            new TimerClaim(
                rows.getString(1),
                Instant.ofEpochMilli(next),
                expiry > 0 ? Duration.ofMillis(expiry - next) : Duration.ZERO,
                Instant.ofEpochMilli(start)));
      }
      return timers;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}

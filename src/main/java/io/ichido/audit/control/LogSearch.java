package io.ichido.audit.control;

import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.KeyRetries;
import io.ichido.audit.entity.LogPage;
import io.ichido.audit.entity.LogQuery;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.payments.boundary.LedgerBooks;
import io.ichido.payments.boundary.Reconciliations;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Searches and exports the log, reading it in one transaction each; verifies it a chunk per
 * transaction.
 */
@ApplicationScoped
public class LogSearch {

  private static final int STREAM_FETCH = 500;

  /** Entries a verify reads per transaction: well under a second each, a few MB at most. */
  private static final int VERIFY_CHUNK = 1000;

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Inject LogSequencer sequencer;
  @Inject LogSequencing sequencing;
  @Inject LogChunks chunks;
  @Inject CheckpointKey checkpointKey;
  @Inject RetryTraffic retryTraffic;
  @Inject LedgerBooks books;
  @Inject Reconciliations reconciliations;

  @Inject
  @ConfigProperty(name = "ichido.audit.unchained-alarm", defaultValue = "PT10S")
  Duration unchainedAlarm;

  /** Receives exported rows one at a time. */
  @FunctionalInterface
  public interface Sink {
    void accept(LoggedEntry entry) throws IOException;
  }

  /**
   * @param asOf the first page's head when paging on, null for a first page
   * @param cursor the previous page's {@code next}, or null to use {@code page}
   */
  @Transactional
  public LogPage page(LogQuery query, Long asOf, String cursor, int page, int size) {
    sequencer.catchUp();
    try (Connection connection = dataSource.getConnection()) {
      planForTheseValues(connection);
      long head = asOf != null ? asOf : head(connection);
      LogSql.Cursor after = cursor == null ? null : parse(cursor);
      long offset = after == null ? (long) (page - 1) * size : 0;
      // One row more than asked tells whether there is a next page.
      LogSql sql = LogSql.search(query, head, after, offset, size + 1);
      List<LoggedEntry> items = new ArrayList<>(size + 1);
      try (PreparedStatement statement = LogRows.prepare(connection, sql, size + 1);
          ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          items.add(LogRows.read(rows));
        }
      }
      String next = null;
      if (items.size() > size) {
        items.remove(size);
        LoggedEntry last = items.get(size - 1);
        next = last.loggedAt() + "~" + last.seq();
      }
      Set<String> keys = new LinkedHashSet<>();
      for (LoggedEntry item : items) {
        if (item.idempotencyKey() != null) {
          keys.add(item.idempotencyKey());
        }
      }
      List<KeyRetries> retries = keys.isEmpty() ? null : retryTraffic.of(connection, keys);
      return new LogPage(items, after == null ? page : 0, size, head, next, retries);
    } catch (SQLException e) {
      throw new IllegalStateException("Searching the payment log failed", e);
    }
  }

  /** Every matching entry, newest first, through a database cursor: memory stays flat. */
  @Transactional
  public long export(LogQuery query, Sink sink) {
    sequencer.catchUp();
    try (Connection connection = dataSource.getConnection()) {
      planForTheseValues(connection);
      LogSql sql = LogSql.search(query, head(connection), null, 0, 0);
      long count = 0;
      try (PreparedStatement statement = LogRows.prepare(connection, sql, STREAM_FETCH);
          ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          sink.accept(LogRows.read(rows));
          count++;
        }
      }
      return count;
    } catch (SQLException e) {
      throw new IllegalStateException("Exporting the payment log failed", e);
    } catch (IOException e) {
      throw new UncheckedIOException("The client went away during the export", e);
    }
  }

  /**
   * Recomputes the chain from the first entry, or from the checkpoint of entry {@code from} after
   * checking its signature; reports the first entry or checkpoint that does not hold, and the facts
   * still waiting for the sequencer. Reads a chunk per transaction, up to the head as it was when
   * the walk began.
   *
   * @throws CheckpointNotFound when no checkpoint names entry {@code from}
   * @throws CheckpointNotVerifiable when that checkpoint is not signed with this server's key
   */
  public ChainReport verify(Long from) {
    sequencer.catchUp();
    LogSequencing.Backlog backlog = sequencing.backlog();
    boolean tooLong =
        backlog.oldest() != null && backlog.oldest().isBefore(Instant.now().minus(unchainedAlarm));
    SigningKey key = checkpointKey.key().orElse(null);
    ChainWalk walk;
    if (from == null) {
      walk = ChainWalk.fromFirstEntry(key);
    } else {
      Checkpoint start = checkpoint(from);
      if (key == null || !key.keyId().equals(start.keyId())) {
        throw new CheckpointNotVerifiable(from, start.keyId(), key == null ? null : key.keyId());
      }
      walk = ChainWalk.fromCheckpoint(key, from);
    }
    LogChunks.Ends ends = chunks.ends();
    while (walk.holds() && walk.nextSeq() <= ends.lastEntry()) {
      LogChunks.Chunk chunk = chunks.after(walk.nextSeq() - 1, ends.lastEntry(), VERIFY_CHUNK);
      if (chunk.entries().isEmpty()) {
        break;
      }
      walk.checkpoints(chunk.checkpoints());
      for (LoggedEntry entry : chunk.entries()) {
        if (!walk.entry(entry)) {
          break;
        }
      }
    }
    return walk.report(ends.lastEntry(), ends.lastCheckpoint())
        .withUnchained(backlog.facts(), backlog.oldest(), tooLong)
        .withLedger(books.check())
        .withReconciliations(reconciliations.lastOfEachGateway());
  }

  /** The full walk: {@link #verify(Long)} from the first entry. */
  public ChainReport verify() {
    return verify(null);
  }

  /** Checkpoints newest first, those before entry {@code before} (null: from the newest). */
  public List<Checkpoint> checkpoints(Long before, int size) {
    return chunks.checkpoints(before, size);
  }

  /**
   * @throws CheckpointNotFound when no checkpoint names entry {@code seq}
   */
  public Checkpoint checkpoint(long seq) {
    return chunks.checkpoint(seq).orElseThrow(() -> new CheckpointNotFound(seq));
  }

  @Transactional
  public boolean exists(long seq) {
    sequencer.catchUp();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement =
            connection.prepareStatement("SELECT 1 FROM payment_log WHERE seq = ?")) {
      statement.setLong(1, seq);
      try (ResultSet row = statement.executeQuery()) {
        return row.next();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the payment log failed", e);
    }
  }

  /*
   * The driver server-prepares a statement after a few runs, and PostgreSQL may then plan it once
   * for all values: for these searches such a generic plan can pick an index that is fast for one
   * customer and reads a whole month for another (the benchmark shows both). Planning each search
   * for its own values costs a fraction of a millisecond and removes that lottery.
   */
  private static void planForTheseValues(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET LOCAL plan_cache_mode = force_custom_plan");
    }
  }

  static long head(Connection connection) throws SQLException {
    try (PreparedStatement statement =
            connection.prepareStatement("SELECT COALESCE(max(seq), 0) FROM payment_log");
        ResultSet row = statement.executeQuery()) {
      row.next();
      return row.getLong(1);
    }
  }

  private static LogSql.Cursor parse(String cursor) {
    int split = cursor.lastIndexOf('~');
    try {
      return new LogSql.Cursor(
          Instant.parse(cursor.substring(0, split)), Long.parseLong(cursor.substring(split + 1)));
    } catch (DateTimeParseException | NumberFormatException | StringIndexOutOfBoundsException e) {
      throw new InvalidLogQuery("cursor", "is not a cursor this API gave out");
    }
  }
}

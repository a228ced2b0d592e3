package io.ichido.audit.control;

import io.ichido.audit.entity.Checkpoint;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signs a checkpoint at the head of the chain when one is due ({@link CheckpointSchedule}), in the
 * sequencer's round: the sequencer lock keeps the head still, and the database's clock gives every
 * server the same time.
 */
@ApplicationScoped
public class CheckpointSigner {

  @Inject CheckpointKey key;

  @Inject
  @ConfigProperty(name = "ichido.audit.checkpoint-entries")
  long entries;

  @Inject
  @ConfigProperty(name = "ichido.audit.checkpoint-interval")
  Duration interval;

  /** Called holding the sequencer lock, in its transaction. */
  Optional<Checkpoint> signIfDue(Connection connection) throws SQLException {
    Optional<SigningKey> signing = key.key();
    if (signing.isEmpty()) {
      return Optional.empty();
    }
    Checkpoints.Round round = Checkpoints.round(connection);
    if (!new CheckpointSchedule(entries, interval).due(round.head(), round.last(), round.now())) {
      return Optional.empty();
    }
    Checkpoint checkpoint = signing.get().checkpoint(round.head(), round.headHash(), round.now());
    return Checkpoints.insert(connection, checkpoint) ? Optional.of(checkpoint) : Optional.empty();
  }
}

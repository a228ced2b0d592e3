package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** The server has no usable checkpoint key: nothing is signed, nothing can be checked. */
public class NoCheckpointKey extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public NoCheckpointKey() {
    super(
        503,
        "checkpoint-key-missing",
        "No checkpoint key",
        "This server signs no checkpoints: "
            + CheckpointKey.VARIABLE
            + " is not set to a usable Ed25519 private key.");
  }
}

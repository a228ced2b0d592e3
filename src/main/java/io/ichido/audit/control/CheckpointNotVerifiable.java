package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** A walk cannot start from a checkpoint whose signature this server cannot check. */
public class CheckpointNotVerifiable extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public CheckpointNotVerifiable(long seq, String keyId, String ourKeyId) {
    super(
        409,
        "checkpoint-not-verifiable",
        "Checkpoint not verifiable here",
        "Checkpoint "
            + seq
            + " is signed with key "
            + keyId
            + ", but this server "
            + (ourKeyId == null ? "has no checkpoint key" : "holds key " + ourKeyId)
            + ": check its signature with that key's public key (docs/audit.md, Checkpoints),"
            + " or verify"
            + " from a checkpoint of this key.");
  }
}

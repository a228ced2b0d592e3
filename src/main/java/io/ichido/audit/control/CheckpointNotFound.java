package io.ichido.audit.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No checkpoint names that entry. */
public class CheckpointNotFound extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public CheckpointNotFound(long seq) {
    super(
        404,
        "checkpoint-not-found",
        "No such checkpoint",
        "The payment log has no checkpoint of entry "
            + seq
            + ". If you hold one signed for it, the log lost it: check your copy with openssl"
            + " (docs/audit.md, Checkpoints) and verify from an older one.");
  }
}

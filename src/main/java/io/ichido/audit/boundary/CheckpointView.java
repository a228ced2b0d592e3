package io.ichido.audit.boundary;

import io.ichido.audit.entity.Checkpoint;

/**
 * A checkpoint as auditors get it: the fields, and the exact message the signature covers, so that
 * {@code openssl pkeyutl -verify -rawin} can check it as is (docs/audit.md, Checkpoints).
 *
 * @param signedAt as the message has it: UTC, six fraction digits
 * @param signature Ed25519, base64
 */
public record CheckpointView(
    long seq, String hash, String signedAt, String keyId, String signature, String message) {

  static CheckpointView of(Checkpoint checkpoint) {
    return new CheckpointView(
        checkpoint.seq(),
        checkpoint.hash(),
        Checkpoint.signedAt(checkpoint.signedAt()),
        checkpoint.keyId(),
        checkpoint.signature(),
        checkpoint.message());
  }
}

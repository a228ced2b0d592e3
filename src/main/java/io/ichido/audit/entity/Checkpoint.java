package io.ichido.audit.entity;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Objects;

/**
 * A signed statement that the payment log's entry {@code seq} has hash {@code hash}: every entry up
 * to it is then fixed, since each hash covers the one before. The signature is Ed25519 over the
 * UTF-8 bytes of {@link #message()}, four lines each ending in a line feed, nothing else:
 *
 * <pre>
 * ichido-payment-log-checkpoint
 * &lt;seq, decimal&gt;
 * &lt;hash, 64 lowercase hex digits&gt;
 * &lt;signedAt, UTC, always six fraction digits: 2026-11-30T19:59:58.123400Z&gt;
 * </pre>
 *
 * @param keyId the first 16 hex digits of the SHA-256 of the signing key's public key (DER)
 * @param signature the 64-byte Ed25519 signature, base64
 */
public record Checkpoint(long seq, String hash, Instant signedAt, String keyId, String signature) {

  /** The message's first line: names what is signed, so the signature means nothing elsewhere. */
  public static final String ORIGIN = "ichido-payment-log-checkpoint";

  private static final DateTimeFormatter SIGNED_AT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  public Checkpoint {
    // A row read back may be forged: whatever it holds must reach verify, which reports it.
    Objects.requireNonNull(hash, "A hash is required.");
    Objects.requireNonNull(signedAt, "A signing time is required.");
    if (signedAt.getNano() % 1_000 != 0) {
      // The message carries microseconds, as the database stores them: finer would not round-trip.
      throw new IllegalArgumentException("signedAt finer than microseconds: " + signedAt);
    }
    Objects.requireNonNull(keyId, "A key id is required.");
    Objects.requireNonNull(signature, "A signature is required.");
  }

  /** The text that is signed; see the class comment. */
  public static String message(long seq, String hash, Instant signedAt) {
    return ORIGIN + "\n" + seq + "\n" + hash + "\n" + signedAt(signedAt) + "\n";
  }

  /** The time as the message and the API write it: UTC, six fraction digits. */
  public static String signedAt(Instant at) {
    return SIGNED_AT.format(at);
  }

  public String message() {
    return message(seq, hash, signedAt);
  }

  public byte[] messageBytes() {
    return message().getBytes(StandardCharsets.UTF_8);
  }

  public byte[] signatureBytes() {
    return Base64.getDecoder().decode(signature);
  }
}

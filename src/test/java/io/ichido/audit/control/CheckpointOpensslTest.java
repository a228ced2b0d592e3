package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.Checkpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What docs/audit.md tells an auditor to run, run: {@code openssl} (3.0 or newer, the real binary)
 * checks checkpoints our code signed, with the public key our code serves.
 */
class CheckpointOpensslTest {

  private static final String OPENSSL = "/usr/bin/openssl";

  @TempDir Path dir;

  private SigningKey key;

  /** A key of openssl's own making, as docs/audit.md's operator makes one. */
  @BeforeEach
  void generateKey() throws Exception {
    assertThat(Path.of(OPENSSL)).as("openssl is needed (Debian package openssl)").isExecutable();
    Run generated = openssl("genpkey", "-algorithm", "ed25519", "-out", "checkpoint-key.pem");
    assertThat(generated.exit()).as(generated.output()).isZero();
    key = SigningKey.parse(Files.readString(dir.resolve("checkpoint-key.pem")));
  }

  @Test
  @DisplayName("the public key we serve is the one openssl derives from the private key")
  void samePublicKey() throws Exception {
    Run derived = openssl("pkey", "-in", "checkpoint-key.pem", "-pubout", "-out", "openssl.pem");

    assertThat(derived.exit()).as(derived.output()).isZero();
    assertThat(key.publicKeyPem()).isEqualTo(Files.readString(dir.resolve("openssl.pem")));
  }

  @Test
  @DisplayName("openssl pkeyutl -verify accepts our checkpoint, and refuses it altered")
  void opensslVerifies() throws Exception {
    Checkpoint checkpoint =
        key.checkpoint(812, "3c".repeat(32), Instant.now().truncatedTo(ChronoUnit.MICROS));
    Files.writeString(dir.resolve("key.pem"), key.publicKeyPem());
    Files.write(dir.resolve("message.txt"), checkpoint.messageBytes());
    Files.write(dir.resolve("sig.bin"), checkpoint.signatureBytes());

    Run verified = verify();
    assertThat(verified.exit()).as(verified.output()).isZero();
    assertThat(verified.output()).contains("Signature Verified Successfully");

    Files.writeString(
        dir.resolve("message.txt"),
        checkpoint.message().replace("\n812\n", "\n813\n"),
        StandardCharsets.UTF_8);
    Run otherSeq = verify();
    assertThat(otherSeq.exit()).as(otherSeq.output()).isNotZero();
    assertThat(otherSeq.output()).contains("Signature Verification Failure");

    Files.write(dir.resolve("message.txt"), checkpoint.messageBytes());
    byte[] flipped = checkpoint.signatureBytes();
    flipped[0] ^= 1;
    Files.write(dir.resolve("sig.bin"), flipped);
    Run otherSignature = verify();
    assertThat(otherSignature.exit()).as(otherSignature.output()).isNotZero();
  }

  private Run verify() throws IOException, InterruptedException {
    return openssl(
        VerifyScript.opensslVerify("key.pem", "message.txt", "sig.bin").toArray(String[]::new));
  }

  private record Run(int exit, String output) {}

  private Run openssl(String... arguments) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of(OPENSSL));
    command.addAll(List.of(arguments));
    Process process =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("openssl did not finish within 30 s: " + command);
    }
    return new Run(
        process.exitValue(),
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}

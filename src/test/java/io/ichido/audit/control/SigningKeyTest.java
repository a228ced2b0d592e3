package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.audit.entity.Checkpoint;
import io.ichido.dev.DevCheckpointKey;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SigningKeyTest {

  static final SigningKey DEV = SigningKey.parse(DevCheckpointKey.PRIVATE_KEY);
  private static final String HASH = "ab".repeat(32);
  private static final Instant AT = Instant.parse("2026-11-30T19:59:58.123400Z");

  @Test
  @DisplayName("the public key derived with the JDK is the one openssl derives, and names the key")
  void publicKey() {
    assertThat(DEV.publicKeyPem()).isEqualTo(DevCheckpointKey.PUBLIC_KEY_PEM);
    // sha256 of `openssl pkey -in dev.pem -pubout -outform DER`
    assertThat(DEV.publicKeyDigest())
        .isEqualTo("7ab68fb1c9cfc3850badea507ed3f50dbd99f44a15513e862beaea7038cbeb79");
    assertThat(DEV.keyId()).isEqualTo("7ab68fb1c9cfc385");
  }

  @Test
  @DisplayName(
      "PEM, PEM squeezed into one line (spaces or \\n written out) and base64 DER all load")
  void formats() {
    String pem =
        "-----BEGIN PRIVATE KEY-----\n"
            + DevCheckpointKey.PRIVATE_KEY
            + "\n-----END PRIVATE KEY-----\n";
    for (String configured :
        List.of(pem, pem.replace("\n", " "), pem.replace("\n", "\\n"), "  " + pem + "\n")) {
      assertThat(SigningKey.parse(configured).keyId()).as(configured).isEqualTo(DEV.keyId());
    }
  }

  @Test
  @DisplayName("what is no Ed25519 private key is refused with a reason that never quotes it")
  void refusals() {
    String rsa = TestKeys.pkcs8("RSA");
    String ed448 = TestKeys.pkcs8("Ed448");
    String publicPem = DevCheckpointKey.PUBLIC_KEY_PEM;
    String encrypted =
        "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIGbMFcG\n-----END ENCRYPTED PRIVATE KEY-----";
    String notBase64 = "s3cr3t-but-not-a-key!";
    String notAKey = Base64.getEncoder().encodeToString(new byte[48]);

    assertRefused(rsa, "is not an Ed25519 private key in PKCS#8");
    assertRefused(ed448, "is not an Ed25519 private key in PKCS#8");
    assertRefused(publicPem, "holds a PEM PUBLIC KEY, not an unencrypted PKCS#8 PRIVATE KEY");
    assertRefused(encrypted, "holds a PEM ENCRYPTED PRIVATE KEY");
    assertRefused(notBase64, "is neither PEM nor base64");
    assertRefused(notAKey, "is not an Ed25519 private key in PKCS#8");
  }

  private static void assertRefused(String configured, String reason) {
    assertThatThrownBy(() -> SigningKey.parse(configured))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(reason)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(configured.strip()))
        .hasNoCause();
  }

  @Test
  @DisplayName("a checkpoint verifies as signed, and not once any field or the signature changes")
  void signAndVerify() {
    Checkpoint signed = DEV.checkpoint(812, HASH, AT);
    String other = "cd".repeat(32);
    byte[] flipped = signed.signatureBytes();
    flipped[10] ^= 1;
    SigningKey stranger = TestKeys.signingKey();
    Checkpoint byStranger = stranger.checkpoint(812, HASH, AT);

    assertThat(signed.keyId()).isEqualTo(DEV.keyId());
    assertThat(signed.signatureBytes()).hasSize(64);
    assertThat(DEV.signed(signed)).isTrue();
    assertThat(DEV.signed(new Checkpoint(813, HASH, AT, signed.keyId(), signed.signature())))
        .isFalse();
    assertThat(DEV.signed(new Checkpoint(812, other, AT, signed.keyId(), signed.signature())))
        .isFalse();
    assertThat(
            DEV.signed(
                new Checkpoint(812, HASH, AT.plusNanos(1000), signed.keyId(), signed.signature())))
        .isFalse();
    assertThat(
            DEV.signed(
                new Checkpoint(
                    812, HASH, AT, signed.keyId(), Base64.getEncoder().encodeToString(flipped))))
        .isFalse();
    assertThat(DEV.signed(new Checkpoint(812, HASH, AT, "0000000000000000", signed.signature())))
        .isFalse();
    assertThat(DEV.signed(new Checkpoint(812, HASH, AT, DEV.keyId(), byStranger.signature())))
        .as("another key's signature under our key id")
        .isFalse();
    assertThat(DEV.signed(new Checkpoint(812, HASH, AT, DEV.keyId(), "AAAA")))
        .as("a signature of the wrong length")
        .isFalse();
  }
}

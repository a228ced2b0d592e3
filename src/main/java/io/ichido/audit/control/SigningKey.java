package io.ichido.audit.control;

import io.ichido.audit.entity.Checkpoint;
import io.ichido.platform.control.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Ed25519 key that signs checkpoints, read from configuration with JDK classes only: PKCS#8 as
 * PEM ({@code openssl genpkey -algorithm ed25519}) or as base64 DER. Failures say what is wrong,
 * never what the value was.
 */
public final class SigningKey {

  static final String ALGORITHM = "Ed25519";

  private static final Pattern PEM =
      Pattern.compile("-----BEGIN ([A-Z ]+)-----(.*)-----END \\1-----", Pattern.DOTALL);

  private final PrivateKey privateKey;
  private final PublicKey publicKey;
  private final String publicKeyDigest;

  private SigningKey(PrivateKey privateKey, PublicKey publicKey) {
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.publicKeyDigest = Sha256.hex(publicKey.getEncoded());
  }

  /**
   * @throws IllegalArgumentException saying why the text is no Ed25519 private key; it never quotes
   *     the text
   */
  public static SigningKey parse(String configured) {
    String text = configured.strip();
    Matcher pem = PEM.matcher(text);
    if (pem.find()) {
      if (!pem.group(1).equals("PRIVATE KEY")) {
        throw new IllegalArgumentException(
            "holds a PEM " + pem.group(1) + ", not an unencrypted PKCS#8 PRIVATE KEY");
      }
      text = pem.group(2);
    }
    byte[] der;
    try {
      // Whitespace, and "\n" written out as two characters, as PEM squeezed into one line has.
      der = Base64.getDecoder().decode(text.replace("\\n", "").replaceAll("\\s", ""));
    } catch (IllegalArgumentException notBase64) {
      throw new IllegalArgumentException("is neither PEM nor base64");
    }
    PrivateKey privateKey;
    try {
      privateKey = KeyFactory.getInstance(ALGORITHM).generatePrivate(new PKCS8EncodedKeySpec(der));
    } catch (GeneralSecurityException notEd25519) {
      throw new IllegalArgumentException("is not an Ed25519 private key in PKCS#8");
    }
    return new SigningKey(privateKey, publicKeyOf(privateKey));
  }

  /** The first 16 hex digits of the SHA-256 of the public key's DER: names it in checkpoints. */
  public String keyId() {
    return publicKeyDigest.substring(0, 16);
  }

  /** The whole SHA-256 of the public key's DER. */
  public String publicKeyDigest() {
    return publicKeyDigest;
  }

  /** SubjectPublicKeyInfo as PEM, what {@code openssl pkey -pubout} writes. */
  public String publicKeyPem() {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(publicKey.getEncoded());
    return "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n";
  }

  /** A checkpoint of entry {@code seq}, signed with this key. */
  public Checkpoint checkpoint(long seq, String hash, Instant signedAt) {
    byte[] message = Checkpoint.message(seq, hash, signedAt).getBytes(StandardCharsets.UTF_8);
    return new Checkpoint(
        seq, hash, signedAt, keyId(), Base64.getEncoder().encodeToString(sign(message)));
  }

  public byte[] sign(byte[] message) {
    try {
      Signature signer = Signature.getInstance(ALGORITHM);
      signer.initSign(privateKey);
      signer.update(message);
      return signer.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Signing with a valid Ed25519 key failed", e);
    }
  }

  /** Whether this key signed the checkpoint's message: its id and its signature. */
  public boolean signed(Checkpoint checkpoint) {
    return keyId().equals(checkpoint.keyId())
        && verifies(checkpoint.messageBytes(), checkpoint.signatureBytes());
  }

  boolean verifies(byte[] message, byte[] signature) {
    try {
      Signature verifier = Signature.getInstance(ALGORITHM);
      verifier.initVerify(publicKey);
      verifier.update(message);
      return verifier.verify(signature);
    } catch (java.security.SignatureException malformed) {
      return false;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 verification is part of every Java 15+ runtime", e);
    }
  }

  /**
   * The JDK derives an Ed25519 public key only while generating a pair: a generator whose
   * randomness is the private key's 32 bytes derives exactly its public key. Checked by a signature
   * round trip, in case a runtime ever draws its randomness otherwise.
   */
  private static PublicKey publicKeyOf(PrivateKey privateKey) {
    byte[] seed =
        ((EdECPrivateKey) privateKey)
            .getBytes()
            .orElseThrow(() -> new IllegalArgumentException("has no private key bytes"));
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(ALGORITHM);
      generator.initialize(NamedParameterSpec.ED25519, new Replay(seed));
      KeyPair pair = generator.generateKeyPair();
      SigningKey key = new SigningKey(privateKey, pair.getPublic());
      byte[] probe = "ichido public key derivation".getBytes(StandardCharsets.US_ASCII);
      if (!key.verifies(probe, key.sign(probe))) {
        throw new IllegalStateException(
            "This Java runtime did not derive the Ed25519 public key from the private key");
      }
      return pair.getPublic();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Ed25519 is part of every Java 15+ runtime", e);
    }
  }

  /** "Randomness" that hands out the private key it was given. */
  private static final class Replay extends SecureRandom {
    @java.io.Serial private static final long serialVersionUID = 1L;

    private final transient byte[] seed;

    Replay(byte[] seed) {
      this.seed = seed;
    }

    @Override
    public void nextBytes(byte[] bytes) {
      if (bytes.length != seed.length) {
        throw new IllegalStateException("Asked for " + bytes.length + " bytes, not a key's 32");
      }
      System.arraycopy(seed, 0, bytes, 0, bytes.length);
    }
  }
}

package io.ichido.payments.gateway.twoc2p;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.platform.control.Json;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;

/**
 * The envelope of 2C2P's Payment Maintenance API, both ways: the message is encrypted to the
 * receiver's public key (compact JWE, {@code RSA-OAEP} + {@code A256GCM}), and that JWE is signed
 * with the sender's private key (compact JWS, {@code PS256}). Only the JDK's own crypto; a token
 * with any other algorithm, a bad signature or a tag that does not match is never opened.
 */
public final class TwoC2pJose {

  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder UNB64 = Base64.getUrlDecoder();
  private static final SecureRandom RANDOM = new SecureRandom();

  private static final String JWS_HEADER = "{\"alg\":\"PS256\",\"typ\":\"JWT\"}";
  private static final String JWE_HEADER = "{\"alg\":\"RSA-OAEP\",\"enc\":\"A256GCM\"}";

  // RFC 7518: RSA-OAEP is SHA-1 with MGF1-SHA-1; PS256 is SHA-256, MGF1-SHA-256, a 32-byte salt.
  private static final OAEPParameterSpec OAEP =
      new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT);
  private static final PSSParameterSpec PSS =
      new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);

  private static final int TAG_BITS = 128;
  private static final int IV_BYTES = 12;
  private static final int CEK_BYTES = 32;

  private TwoC2pJose() {}

  /** The message encrypted to {@code receiver}, signed by {@code sender}. */
  public static String seal(String message, PrivateKey sender, PublicKey receiver) {
    try {
      String jwe = encrypt(message.getBytes(StandardCharsets.UTF_8), receiver);
      String signingInput = b64(JWS_HEADER) + "." + b64(jwe);
      return signingInput + "." + B64.encodeToString(sign(signingInput, sender));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA-OAEP, AES-GCM and RSASSA-PSS are in every JDK", e);
    }
  }

  /**
   * The message, once {@code sender}'s signature verifies and {@code receiver}'s key decrypts it.
   *
   * @throws GeneralSecurityException for anything else: forged, altered, for another key, garbled
   */
  public static String open(String token, PublicKey sender, PrivateKey receiver)
      throws GeneralSecurityException {
    String[] jws = parts(token, 3);
    requireHeader(jws[0], "alg", "PS256");
    Signature verifier = Signature.getInstance("RSASSA-PSS");
    verifier.setParameter(PSS);
    verifier.initVerify(sender);
    verifier.update((jws[0] + "." + jws[1]).getBytes(StandardCharsets.US_ASCII));
    if (!verifier.verify(unb64(jws[2]))) {
      throw new GeneralSecurityException("PS256 signature does not verify");
    }
    return new String(
        decrypt(new String(unb64(jws[1]), StandardCharsets.US_ASCII), receiver),
        StandardCharsets.UTF_8);
  }

  /** A PKCS#8 private key, base64 DER with or without its PEM lines. */
  public static PrivateKey privateKey(String pem) throws GeneralSecurityException {
    return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(pem)));
  }

  /**
   * A public key as an X.509 certificate (how 2C2P's portal offers its key) or a bare
   * SubjectPublicKeyInfo, base64 DER with or without its PEM lines.
   */
  public static PublicKey publicKey(String pem) throws GeneralSecurityException {
    if (pem.contains("CERTIFICATE")) {
      return CertificateFactory.getInstance("X.509")
          .generateCertificate(new ByteArrayInputStream(der(pem)))
          .getPublicKey();
    }
    return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(pem)));
  }

  private static String encrypt(byte[] plaintext, PublicKey receiver)
      throws GeneralSecurityException {
    byte[] cek = new byte[CEK_BYTES];
    RANDOM.nextBytes(cek);
    byte[] iv = new byte[IV_BYTES];
    RANDOM.nextBytes(iv);
    Cipher wrap = Cipher.getInstance("RSA/ECB/OAEPPadding");
    wrap.init(Cipher.ENCRYPT_MODE, receiver, OAEP);
    byte[] encryptedKey = wrap.doFinal(cek);
    String header = b64(JWE_HEADER);
    Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
    aes.init(
        Cipher.ENCRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(TAG_BITS, iv));
    // The protected header, as sent, is the additional authenticated data (RFC 7516, 5.1).
    aes.updateAAD(header.getBytes(StandardCharsets.US_ASCII));
    byte[] sealed = aes.doFinal(plaintext);
    int tagAt = sealed.length - TAG_BITS / 8;
    return String.join(
        ".",
        header,
        B64.encodeToString(encryptedKey),
        B64.encodeToString(iv),
        B64.encodeToString(Arrays.copyOfRange(sealed, 0, tagAt)),
        B64.encodeToString(Arrays.copyOfRange(sealed, tagAt, sealed.length)));
  }

  private static byte[] decrypt(String token, PrivateKey receiver) throws GeneralSecurityException {
    String[] jwe = parts(token, 5);
    requireHeader(jwe[0], "alg", "RSA-OAEP");
    requireHeader(jwe[0], "enc", "A256GCM");
    Cipher unwrap = Cipher.getInstance("RSA/ECB/OAEPPadding");
    unwrap.init(Cipher.DECRYPT_MODE, receiver, OAEP);
    byte[] cek = unwrap.doFinal(unb64(jwe[1]));
    byte[] iv = unb64(jwe[2]);
    byte[] tag = unb64(jwe[4]);
    if (cek.length != CEK_BYTES || iv.length != IV_BYTES || tag.length != TAG_BITS / 8) {
      throw new GeneralSecurityException("A256GCM needs a 32-byte key, 12-byte IV, 16-byte tag");
    }
    Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
    aes.init(
        Cipher.DECRYPT_MODE, new SecretKeySpec(cek, "AES"), new GCMParameterSpec(TAG_BITS, iv));
    aes.updateAAD(jwe[0].getBytes(StandardCharsets.US_ASCII));
    byte[] ciphertext = unb64(jwe[3]);
    byte[] sealed = Arrays.copyOf(ciphertext, ciphertext.length + tag.length);
    System.arraycopy(tag, 0, sealed, ciphertext.length, tag.length);
    return aes.doFinal(sealed);
  }

  private static byte[] sign(String signingInput, PrivateKey sender)
      throws GeneralSecurityException {
    Signature signer = Signature.getInstance("RSASSA-PSS");
    signer.setParameter(PSS);
    signer.initSign(sender, RANDOM);
    signer.update(signingInput.getBytes(StandardCharsets.US_ASCII));
    return signer.sign();
  }

  private static void requireHeader(String header, String name, String expected)
      throws GeneralSecurityException {
    JsonNode fields;
    try {
      fields = Json.MAPPER.readTree(unb64(header));
    } catch (java.io.IOException garbled) {
      throw new GeneralSecurityException("header is not JSON");
    }
    if (fields == null || !expected.equals(fields.path(name).asText(null))) {
      throw new GeneralSecurityException("header " + name + " is not " + expected);
    }
  }

  private static String[] parts(String token, int count) throws GeneralSecurityException {
    String[] parts = token == null ? new String[0] : token.strip().split("\\.", -1);
    if (parts.length != count) {
      throw new GeneralSecurityException("not a compact token of " + count + " parts");
    }
    return parts;
  }

  private static byte[] unb64(String part) throws GeneralSecurityException {
    if (part.indexOf('=') >= 0) {
      throw new GeneralSecurityException("base64url in JOSE carries no padding");
    }
    try {
      return UNB64.decode(part);
    } catch (IllegalArgumentException garbled) {
      throw new GeneralSecurityException("not base64url");
    }
  }

  private static String b64(String text) {
    return B64.encodeToString(text.getBytes(StandardCharsets.US_ASCII));
  }

  private static byte[] der(String pem) throws GeneralSecurityException {
    String body = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    try {
      return Base64.getDecoder().decode(body);
    } catch (IllegalArgumentException garbled) {
      throw new GeneralSecurityException("a key is base64 DER");
    }
  }
}

package io.ichido.audit.control;

import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.util.Base64;

/** Private keys made fresh for a test, written as configuration would hold them. */
public final class TestKeys {

  private TestKeys() {}

  /** A new private key of {@code algorithm} (RSA, Ed25519, Ed448): PKCS#8, base64 DER. */
  public static String pkcs8(String algorithm) {
    try {
      return Base64.getEncoder()
          .encodeToString(
              KeyPairGenerator.getInstance(algorithm).generateKeyPair().getPrivate().getEncoded());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(algorithm + " is part of every Java 17 runtime", e);
    }
  }

  /** A new Ed25519 signing key: not the development one. */
  public static SigningKey signingKey() {
    return SigningKey.parse(pkcs8("Ed25519"));
  }
}

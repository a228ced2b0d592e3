package io.ichido.dev;

/**
 * The Ed25519 key pair the run and test commands sign checkpoints with ({@code openssl genpkey
 * -algorithm ed25519}). Public like the sandbox's secrets: the server warns while it is in use, and
 * neither half is in the WAR.
 */
public final class DevCheckpointKey {

  /** PKCS#8, base64 DER: one line, so it survives an XML attribute. */
  public static final String PRIVATE_KEY =
      "MC4CAQAwBQYDK2VwBCIEII/bda9FKsBxjW+eKN+bekDgKme+KhdabcukU6zrNxEo";

  /** What {@code openssl pkey -pubout} derives from it. */
  public static final String PUBLIC_KEY_PEM =
      """
      -----BEGIN PUBLIC KEY-----
      MCowBQYDK2VwAyEAbYIlqC3oPyVXi7zoXvj6dqS81vlJ1qe/6TKyruIcyPY=
      -----END PUBLIC KEY-----
      """;

  private DevCheckpointKey() {}
}

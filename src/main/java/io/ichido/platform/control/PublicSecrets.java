package io.ichido.platform.control;

import java.util.Set;

/**
 * Secrets that are public because this repository publishes them: the local gateway sandbox's keys
 * and webhook secrets, the demo callers' passwords, the default database password and the
 * development key that signs the payment log's checkpoints. They are known here by their SHA-256
 * only, so that the server can recognise them in its configuration without the WAR carrying them.
 */
public final class PublicSecrets {

  /**
   * src/test/java/io/ichido/sandbox/SandboxConfig: secret keys (PayPay's API secret too), webhook
   * secrets.
   */
  private static final Set<String> SANDBOX =
      Set.of(
          "2cd1b0414c385d30a0c1fa2f02981d907694d1c532f334e811f4a7b35ec0aca9",
          "fe5c0122244972b2a637a9511d1df8f255f59e39d942c6b5cb3ff125c49fbc87",
          "9ce27884d0bd43373c98d6a53cf7b51c5d515f8c40f25f40f9312f335ff098df",
          "279224c5b6a6fb792759fa0a1476212ba3a3804de7ab4260e3ee311f15def0b0",
          "2dab5919f5554315d58d7696b57f883b6140019d77b48cba5bfed6188e6cfe28",
          "f20199e4b9c415f32d2bd208d4a0a76c1be9ce4c87f9f5467a0b58511cdec5dd",
          "6d96def64581b585b25c68c16394df52c336f364e9c73f8795993c748164155a");

  /** server-config: DB_PASSWORD's and the demo users' default values. */
  private static final Set<String> DEMO =
      Set.of(
          "b220829276a30cdfe5292c7acc7fecff90bb8c6e5e33222fcda15abcdfa7e9f6",
          "03edafe792fa1773aa4c39ce5c4dbbe3f9107bb0335f46785c416e1cf06026ff",
          "fb10fa3cc124a7417756118774bf16aac742ec1338e97019fcdc71cd882b2677",
          "0510bbdc800a8133002bb0d89df94045ad9f85f041755a9ac81de67d0df80fc4",
          "ec585b7be286a5088d8687af4ce027f389cd098e2bb0dee876d5521fa4468f59");

  /**
   * src/test/java/io/ichido/dev/DevCheckpointKey: the SHA-256 of its public key's DER (the private
   * key's digest would depend on how it is written, PEM or base64).
   */
  private static final Set<String> DEMO_SIGNING_KEYS =
      Set.of("7ab68fb1c9cfc3850badea507ed3f50dbd99f44a15513e862beaea7038cbeb79");

  private PublicSecrets() {}

  /** Whether {@code value} is one of the local gateway sandbox's keys or webhook secrets. */
  public static boolean isSandboxSecret(String value) {
    return SANDBOX.contains(Sha256.hex(value));
  }

  /** Whether {@code value} is a password the repository's server configuration ships with. */
  public static boolean isDemoPassword(String value) {
    return DEMO.contains(Sha256.hex(value));
  }

  /** Whether a signing key, known by its public key's SHA-256, is the repository's own. */
  public static boolean isDemoSigningKey(String publicKeyDigest) {
    return DEMO_SIGNING_KEYS.contains(publicKeyDigest);
  }
}

package io.ichido.platform.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 of a text's UTF-8 bytes, as lowercase hex: the one helper for every component but the
 * idempotency layer, which depends on nothing of ours and keeps its own.
 */
public final class Sha256 {

  private Sha256() {}

  public static String hex(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }
}

package io.ichido.platform.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 of bytes or of a text's UTF-8 bytes, as lowercase hex: the one helper for every component
 * but the idempotency layer, which depends on nothing of ours and keeps its own.
 */
public final class Sha256 {

  private Sha256() {}

  public static String hex(String text) {
    return hex(text.getBytes(StandardCharsets.UTF_8));
  }

  public static String hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }
}

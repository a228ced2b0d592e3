package io.ichido.idempotency.boundary;

import static io.ichido.idempotency.boundary.CanonicalNodes.END;
import static io.ichido.idempotency.boundary.CanonicalNodes.FIRST;
import static io.ichido.idempotency.boundary.CanonicalNodes.NEXT;
import static io.ichido.idempotency.boundary.CanonicalNodes.START;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Optional;

/**
 * Canonical form of a JSON document for comparing requests: object keys sorted, insignificant
 * whitespace dropped, numbers kept exactly as written ({@code 1.0} and {@code 1} differ, as they
 * may to the endpoint).
 *
 * <p>Published because other code hashes with it (the payment log's hash chain): the form is a
 * stored contract, so any change to it breaks every hash already recorded.
 *
 * <p>Made in one pass over the parser: each part of the document is written once, in document
 * order, and an object only notes where its members lie; they are put in order when the form is
 * written out. So nothing is copied again per level of nesting, whatever the document's shape.
 */
public final class CanonicalJson {

  private final byte[] text;
  private final CanonicalNodes nodes;
  private final boolean loneSurrogates;

  CanonicalJson(byte[] text, CanonicalNodes nodes, boolean loneSurrogates) {
    this.text = text;
    this.nodes = nodes;
    this.loneSurrogates = loneSurrogates;
  }

  /**
   * The canonical text, or empty when the bytes are not one well-formed JSON value. Nesting is
   * limited only by the parser's own limit (1000 levels), as it always was: stored hashes depend on
   * what this accepts.
   */
  public static Optional<String> of(byte[] json) {
    return parse(json, Integer.MAX_VALUE).map(CanonicalJson::toString);
  }

  /**
   * The canonical form, or empty when the bytes are not one well-formed JSON value.
   *
   * @param maxDepth the deepest nesting of arrays and objects accepted ({@code {}} is one level)
   * @throws JsonTooDeep as soon as the document nests deeper, before reading the rest of it
   */
  public static Optional<CanonicalJson> parse(byte[] json, int maxDepth) {
    try {
      return new CanonicalJsonReader(json.length, maxDepth).read(json);
    } catch (IOException malformed) {
      return Optional.empty();
    }
  }

  /**
   * Feeds the canonical text, UTF-8 encoded, to {@code digest}, without building it whole. A lone
   * surrogate (JSON can escape one) becomes {@code ?}, as in {@code String.getBytes(UTF_8)}, with
   * which the form's hashes have always been made.
   */
  public void writeUtf8To(MessageDigest digest) {
    DigestSink out = new DigestSink(digest, loneSurrogates);
    writeMember(0, out);
    out.flush();
  }

  @Override
  public String toString() {
    Bytes out = new Bytes(nodes.get(0, END));
    writeMember(0, out);
    return out.decode();
  }

  private void writeMember(int member, Sink out) {
    int from = nodes.get(member, START);
    for (int object = nodes.get(member, FIRST); object != 0; object = nodes.get(object, NEXT)) {
      out.append(text, from, nodes.get(object, START));
      writeObject(object, out);
      from = nodes.get(object, END);
    }
    out.append(text, from, nodes.get(member, END));
  }

  private void writeObject(int object, Sink out) {
    out.append((byte) '{');
    for (int member = nodes.get(object, FIRST); member != 0; member = nodes.get(member, NEXT)) {
      writeMember(member, out);
      if (nodes.get(member, NEXT) != 0) {
        out.append((byte) ',');
      }
    }
    out.append((byte) '}');
  }

  /** Where the canonical text goes; it comes in pieces, never cut inside a character. */
  private abstract static class Sink {

    byte[] buffer;
    int used;

    Sink(int capacity) {
      buffer = new byte[capacity];
    }

    final void append(byte b) {
      if (used == buffer.length) {
        full(1);
      }
      buffer[used++] = b;
    }

    void append(byte[] bytes, int from, int to) {
      int count = to - from;
      if (used + count > buffer.length) {
        full(count);
      }
      System.arraycopy(bytes, from, buffer, used, count);
      used += count;
    }

    /** Makes room for {@code count} more bytes. */
    abstract void full(int count);
  }

  /** The whole text in one array, then as a string; WTF-8 lone surrogates back as themselves. */
  private final class Bytes extends Sink {

    Bytes(int capacity) {
      super(Math.max(16, capacity));
    }

    @Override
    void full(int count) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, used + count));
    }

    String decode() {
      if (!loneSurrogates) {
        return new String(buffer, 0, used, StandardCharsets.UTF_8);
      }
      StringBuilder out = new StringBuilder(used);
      int run = 0;
      for (int i = 0; i < used; i++) {
        if (i + 2 < used && isLoneSurrogate(buffer, i)) {
          out.append(new String(buffer, run, i - run, StandardCharsets.UTF_8));
          out.append(
              (char)
                  ((buffer[i] & 0x0F) << 12 | (buffer[i + 1] & 0x3F) << 6 | buffer[i + 2] & 0x3F));
          i += 2;
          run = i + 1;
        }
      }
      return out.append(new String(buffer, run, used - run, StandardCharsets.UTF_8)).toString();
    }
  }

  /** To a digest through a small buffer; WTF-8 lone surrogates as {@code ?}. */
  private static final class DigestSink extends Sink {

    private final MessageDigest digest;
    private final boolean loneSurrogates;

    DigestSink(MessageDigest digest, boolean loneSurrogates) {
      super(8192);
      this.digest = digest;
      this.loneSurrogates = loneSurrogates;
    }

    @Override
    void append(byte[] bytes, int from, int to) {
      if (!loneSurrogates && to - from >= buffer.length / 2) {
        flush();
        digest.update(bytes, from, to - from);
      } else if (!loneSurrogates) {
        super.append(bytes, from, to);
      } else {
        replaceLoneSurrogates(bytes, from, to);
      }
    }

    private void replaceLoneSurrogates(byte[] bytes, int from, int to) {
      for (int i = from; i < to; i++) {
        if (i + 2 < to && isLoneSurrogate(bytes, i)) {
          append((byte) '?');
          i += 2;
        } else {
          append(bytes[i]);
        }
      }
    }

    @Override
    void full(int count) {
      flush();
    }

    void flush() {
      digest.update(buffer, 0, used);
      used = 0;
    }
  }

  /** Whether bytes[i] starts the three bytes of a surrogate, which valid UTF-8 never holds. */
  private static boolean isLoneSurrogate(byte[] bytes, int i) {
    return bytes[i] == (byte) 0xED && (bytes[i + 1] & 0xE0) == 0xA0;
  }
}

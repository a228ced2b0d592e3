package io.ichido.idempotency.boundary;

import java.io.IOException;
import java.security.MessageDigest;
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

  private final char[] text;
  private final Layout layout;

  /**
   * Where the parts of the canonical form lie in {@code text}. A member is its quoted name, a colon
   * and its value, the objects nested in that value cut out; member 0 is the document itself.
   * Objects are numbered from 1 (0 means none); each lists its members, sorted, in {@code order}.
   */
  record Layout(
      int[] memberStart,
      int[] memberEnd,
      int[] memberFirstObject,
      int[] objectStart,
      int[] objectEnd,
      int[] objectNextSibling,
      int[] objectFirstMember,
      int[] objectSize,
      int[] order) {}

  CanonicalJson(char[] text, Layout layout) {
    this.text = text;
    this.layout = layout;
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

  /** Feeds the canonical text, UTF-8 encoded, to {@code digest}, without building it whole. */
  public void writeUtf8To(MessageDigest digest) {
    Utf8Digest out = new Utf8Digest(digest);
    writeMember(0, out);
    out.flush();
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(text.length);
    writeMember(
        0,
        new Sink() {
          @Override
          public void append(char c) {
            out.append(c);
          }

          @Override
          public void append(char[] chars, int from, int to) {
            out.append(chars, from, to - from);
          }
        });
    return out.toString();
  }

  private void writeMember(int member, Sink out) {
    int from = layout.memberStart()[member];
    for (int object = layout.memberFirstObject()[member];
        object != 0;
        object = layout.objectNextSibling()[object]) {
      out.append(text, from, layout.objectStart()[object]);
      writeObject(object, out);
      from = layout.objectEnd()[object];
    }
    out.append(text, from, layout.memberEnd()[member]);
  }

  private void writeObject(int object, Sink out) {
    out.append('{');
    int first = layout.objectFirstMember()[object];
    for (int i = 0; i < layout.objectSize()[object]; i++) {
      if (i > 0) {
        out.append(',');
      }
      writeMember(layout.order()[first + i], out);
    }
    out.append('}');
  }

  private interface Sink {
    void append(char c);

    void append(char[] chars, int from, int to);
  }

  /**
   * UTF-8 into a digest through a small buffer. A lone surrogate becomes {@code ?}, as in {@code
   * String.getBytes(UTF_8)}, with which the form's hashes have always been made. A surrogate pair
   * is never cut by a call: calls end at a structural character, never inside a string.
   */
  private static final class Utf8Digest implements Sink {

    private final MessageDigest digest;
    private final byte[] buffer = new byte[8192];
    private int used;

    Utf8Digest(MessageDigest digest) {
      this.digest = digest;
    }

    @Override
    public void append(char c) {
      if (used == buffer.length) {
        flush();
      }
      buffer[used++] = (byte) c; // only ever {, } or ,
    }

    @Override
    public void append(char[] chars, int from, int to) {
      for (int i = from; i < to; i++) {
        if (used > buffer.length - 4) {
          flush();
        }
        char c = chars[i];
        if (c < 0x80) {
          buffer[used++] = (byte) c;
        } else if (c < 0x800) {
          buffer[used++] = (byte) (0xC0 | c >> 6);
          buffer[used++] = (byte) (0x80 | c & 0x3F);
        } else if (!Character.isSurrogate(c)) {
          buffer[used++] = (byte) (0xE0 | c >> 12);
          buffer[used++] = (byte) (0x80 | c >> 6 & 0x3F);
          buffer[used++] = (byte) (0x80 | c & 0x3F);
        } else if (Character.isHighSurrogate(c)
            && i + 1 < to
            && Character.isLowSurrogate(chars[i + 1])) {
          int codePoint = Character.toCodePoint(c, chars[++i]);
          buffer[used++] = (byte) (0xF0 | codePoint >> 18);
          buffer[used++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
          buffer[used++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
          buffer[used++] = (byte) (0x80 | codePoint & 0x3F);
        } else {
          buffer[used++] = '?';
        }
      }
    }

    void flush() {
      digest.update(buffer, 0, used);
      used = 0;
    }
  }
}

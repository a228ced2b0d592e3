package io.ichido.idempotency.boundary;

import static io.ichido.idempotency.boundary.CanonicalNodes.END;
import static io.ichido.idempotency.boundary.CanonicalNodes.FIRST;
import static io.ichido.idempotency.boundary.CanonicalNodes.NEXT;
import static io.ichido.idempotency.boundary.CanonicalNodes.START;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.async.ByteArrayFeeder;
import com.fasterxml.jackson.core.io.CharTypes;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.nio.CharBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one pass behind {@link CanonicalJson}: writes scalars, arrays and member names in canonical
 * form, UTF-8 encoded, into one text buffer in document order, and notes in {@link CanonicalNodes}
 * where each object and member lies. An object's members are put in name order when it closes. One
 * reader reads one document.
 */
final class CanonicalJsonReader {

  /**
   * UTF-8 bodies go to Jackson's non-blocking parser without a symbol table: the blocking one only
   * reads bytes with one, and a hostile body's 100,000 distinct names cost it more than all the
   * rest. Other encodings (UTF-16, UTF-32) still go to the blocking parser, which detects them.
   * Neither interns names or looks for duplicates: sorting finds them anyway.
   */
  private static final JsonFactory UTF8 =
      JsonFactory.builder()
          .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
          .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
          .build();

  private static final JsonFactory ANY_ENCODING =
      JsonFactory.builder().disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();

  /** The characters Jackson's string quoting escapes, the only ones its output changes. */
  private static final int[] ESCAPED = CharTypes.get7BitOutputEscapes();

  private static final int NO_MEMBER = -1;

  private final int maxDepth;
  private final CanonicalNodes nodes = new CanonicalNodes();
  private final MemberNameSort sort = new MemberNameSort(nodes);

  private byte[] text;
  private int length;
  private boolean loneSurrogates;

  /** Work space for strings that need escapes. */
  private final StringBuilder escaped = new StringBuilder();

  private char[] escapedChars = new char[64];

  /** The members of the object being closed, for sorting. */
  private int[] closing = new int[16];

  /** By depth (1 = outermost): what each open container needs, and what it saved of its parent. */
  private boolean[] isArray = new boolean[8];

  private boolean[] hasItems = new boolean[8];
  private int[] openObject = new int[8];
  private int[] lastMember = new int[8];
  private int[] memberCount = new int[8];
  private int[] savedMember = new int[8];
  private int depth;

  /** The member whose value is being read, and the last object nested in that value so far. */
  private int member;

  private int lastObject;

  CanonicalJsonReader(int inputLength, int maxDepth) {
    // The canonical text is never longer than the document: escapes only shrink or stay.
    this.text = new byte[Math.max(16, inputLength)];
    this.maxDepth = maxDepth;
  }

  Optional<CanonicalJson> read(byte[] json) throws IOException {
    try (JsonParser parser = parser(json)) {
      JsonToken token = next(parser);
      if (token == null) {
        return Optional.empty();
      }
      while (true) {
        if (!accept(parser, token)) {
          return Optional.empty();
        }
        if (depth == 0) {
          break;
        }
        token = next(parser);
        if (token == null) {
          return Optional.empty();
        }
      }
      if (next(parser) != null) {
        return Optional.empty();
      }
    }
    nodes.set(0, END, length);
    return Optional.of(new CanonicalJson(text, nodes, loneSurrogates));
  }

  private static JsonParser parser(byte[] json) throws IOException {
    if (!surelyUtf8(json)) {
      return ANY_ENCODING.createParser(json);
    }
    JsonParser parser = UTF8.createNonBlockingByteArrayParser();
    ByteArrayFeeder feeder = (ByteArrayFeeder) parser.getNonBlockingInputFeeder();
    feeder.feedInput(json, 0, json.length);
    feeder.endOfInput();
    return parser;
  }

  /**
   * The next token. With all input fed, "not available" only means that the parser reached the end
   * of its input while a token could still have gone on (a root-level {@code 12}); it then answers
   * for real.
   */
  private static JsonToken next(JsonParser parser) throws IOException {
    for (int tries = 0; tries < 3; tries++) {
      JsonToken token = parser.nextToken();
      if (token != JsonToken.NOT_AVAILABLE) {
        return token;
      }
    }
    throw new IOException("The parser keeps asking for input after the end of it");
  }

  /** True unless Jackson might detect UTF-16 or UTF-32: a byte-order mark or a zero byte. */
  private static boolean surelyUtf8(byte[] json) {
    if (json.length >= 2
        && (json[0] == (byte) 0xFE || json[0] == (byte) 0xFF)
        && (json[1] == (byte) 0xFE || json[1] == (byte) 0xFF)) {
      return false;
    }
    for (int i = 0; i < Math.min(4, json.length); i++) {
      if (json[i] == 0) {
        return false;
      }
    }
    return true;
  }

  private boolean accept(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT -> {
        separate();
        enter(false);
        startObject();
      }
      case END_OBJECT -> {
        if (!endObject()) {
          return false;
        }
        depth--;
      }
      case START_ARRAY -> {
        separate();
        enter(true);
        append('[');
      }
      case END_ARRAY -> {
        append(']');
        depth--;
      }
      case FIELD_NAME -> startMember(parser.currentName());
      case VALUE_STRING -> {
        separate();
        quote(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        separate();
        appendUtf8(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
      }
      case VALUE_TRUE -> literal("true");
      case VALUE_FALSE -> literal("false");
      case VALUE_NULL -> literal("null");
      default -> {
        return false;
      }
    }
    return true;
  }

  /** The comma before every item of an array but its first. */
  private void separate() {
    if (depth > 0 && isArray[depth]) {
      if (hasItems[depth]) {
        append(',');
      }
      hasItems[depth] = true;
    }
  }

  private void enter(boolean array) {
    if (depth >= maxDepth) {
      throw new JsonTooDeep(maxDepth);
    }
    depth++;
    if (depth == isArray.length) {
      int capacity = depth * 2;
      isArray = Arrays.copyOf(isArray, capacity);
      hasItems = Arrays.copyOf(hasItems, capacity);
      openObject = Arrays.copyOf(openObject, capacity);
      lastMember = Arrays.copyOf(lastMember, capacity);
      memberCount = Arrays.copyOf(memberCount, capacity);
      savedMember = Arrays.copyOf(savedMember, capacity);
    }
    isArray[depth] = array;
    hasItems[depth] = false;
  }

  private void startObject() {
    int object = nodes.add(null);
    nodes.set(object, START, length);
    if (lastObject == 0) {
      nodes.set(member, FIRST, object);
    } else {
      nodes.set(lastObject, NEXT, object);
    }
    openObject[depth] = object;
    lastMember[depth] = 0;
    memberCount[depth] = 0;
    savedMember[depth] = member;
    member = NO_MEMBER;
    lastObject = 0;
  }

  private void startMember(String name) {
    if (member != NO_MEMBER) {
      nodes.set(member, END, length);
    }
    int started = nodes.add(name);
    nodes.set(started, START, length);
    if (lastMember[depth] == 0) {
      nodes.set(openObject[depth], FIRST, started);
    } else {
      nodes.set(lastMember[depth], NEXT, started);
    }
    lastMember[depth] = started;
    memberCount[depth]++;
    quote(name);
    append(':');
    member = started;
    lastObject = 0;
  }

  /** Puts the object's members in name order; false when two of them have the same name. */
  private boolean endObject() {
    if (member != NO_MEMBER) {
      nodes.set(member, END, length);
    }
    int object = openObject[depth];
    nodes.set(object, END, length);
    int count = memberCount[depth];
    if (closing.length < count) {
      closing = new int[Math.max(count, closing.length * 2)];
    }
    int next = nodes.get(object, FIRST);
    for (int i = 0; i < count; i++, next = nodes.get(next, NEXT)) {
      closing[i] = next;
    }
    if (!sort.sort(closing, count)) {
      return false;
    }
    for (int i = 0; i < count; i++) {
      nodes.set(closing[i], NEXT, i + 1 < count ? closing[i + 1] : 0);
    }
    nodes.set(object, FIRST, count == 0 ? 0 : closing[0]);
    member = savedMember[depth];
    lastObject = object;
    return true;
  }

  /**
   * Quoted as Jackson's {@link JsonStringEncoder} quotes, in one pass when nothing needs escaping.
   */
  private void quote(String name) {
    int mark = length;
    append('"');
    ensure(name.length() + 1);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= 0x80) {
        i = encode(c, i, name.length(), name.charAt(Math.min(i + 1, name.length() - 1)));
      } else if (ESCAPED[c] == 0) {
        text[length++] = (byte) c;
      } else {
        length = mark;
        quoteEscaping(name);
        return;
      }
    }
    text[length++] = '"';
  }

  private void quote(char[] chars, int offset, int count) {
    int mark = length;
    append('"');
    ensure(count + 1);
    int end = offset + count;
    for (int i = offset; i < end; i++) {
      char c = chars[i];
      if (c >= 0x80) {
        i = encode(c, i, end, chars[Math.min(i + 1, end - 1)]);
      } else if (ESCAPED[c] == 0) {
        text[length++] = (byte) c;
      } else {
        length = mark;
        quoteEscaping(CharBuffer.wrap(chars, offset, count));
        return;
      }
    }
    text[length++] = '"';
  }

  private void quoteEscaping(CharSequence value) {
    escaped.setLength(0);
    JsonStringEncoder.getInstance().quoteAsString(value, escaped);
    if (escapedChars.length < escaped.length()) {
      escapedChars = new char[Math.max(escaped.length(), escapedChars.length * 2)];
    }
    escaped.getChars(0, escaped.length(), escapedChars, 0);
    append('"');
    appendUtf8(escapedChars, 0, escaped.length());
    append('"');
  }

  private void literal(String value) {
    separate();
    appendUtf8(value);
  }

  private void append(char ascii) {
    ensure(1);
    text[length++] = (byte) ascii;
  }

  private void appendUtf8(String value) {
    ensure(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x80) {
        text[length++] = (byte) c;
      } else {
        i = encode(c, i, value.length(), value.charAt(Math.min(i + 1, value.length() - 1)));
      }
    }
  }

  private void appendUtf8(char[] chars, int offset, int count) {
    ensure(count);
    int end = offset + count;
    for (int i = offset; i < end; i++) {
      char c = chars[i];
      if (c < 0x80) {
        text[length++] = (byte) c;
      } else {
        i = encode(c, i, end, chars[Math.min(i + 1, end - 1)]);
      }
    }
  }

  /**
   * Writes the non-ASCII character at {@code i}, with {@code next} after it when that completes a
   * surrogate pair. A lone surrogate is written as UTF-8 would write any other character of its
   * range (WTF-8): {@link CanonicalJson} gives it back as itself, or as {@code ?} in bytes.
   *
   * @return the index of the last character used
   */
  private int encode(char c, int i, int end, char next) {
    // Room for one byte per character was made; this one may need up to three more.
    ensure(3 + end - i);
    if (c < 0x800) {
      text[length++] = (byte) (0xC0 | c >> 6);
      text[length++] = (byte) (0x80 | c & 0x3F);
      return i;
    }
    if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(next)) {
      int codePoint = Character.toCodePoint(c, next);
      text[length++] = (byte) (0xF0 | codePoint >> 18);
      text[length++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
      text[length++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
      text[length++] = (byte) (0x80 | codePoint & 0x3F);
      return i + 1;
    }
    loneSurrogates |= Character.isSurrogate(c);
    text[length++] = (byte) (0xE0 | c >> 12);
    text[length++] = (byte) (0x80 | c >> 6 & 0x3F);
    text[length++] = (byte) (0x80 | c & 0x3F);
    return i;
  }

  private void ensure(int bytes) {
    if (length + bytes > text.length) {
      text = Arrays.copyOf(text, Math.max(text.length * 2, length + bytes));
    }
  }
}

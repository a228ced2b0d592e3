package io.ichido.idempotency.boundary;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.CharTypes;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one pass behind {@link CanonicalJson}: writes scalars, arrays and member names in canonical
 * form into one text buffer, in document order, and notes where each object and member lies. An
 * object's members are sorted by name (as {@link String#compareTo} orders them) when it closes. One
 * reader reads one document.
 */
final class CanonicalJsonReader {

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          // Names are only compared and copied here: no need to put a hostile body's thousands of
          // names into the JVM's string table. (Canonicalising stays on: without it Jackson
          // decodes through a Reader that turns malformed UTF-8 into U+FFFD instead of failing.)
          .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
          .build();

  /** The characters Jackson's string quoting escapes, the only ones its output changes. */
  private static final int[] ESCAPED = CharTypes.get7BitOutputEscapes();

  private static final int NO_MEMBER = -1;

  private final int maxDepth;

  private char[] text;
  private int length;

  private String[] names = new String[16];
  private int[] memberStart = new int[16];
  private int[] memberEnd = new int[16];
  private int[] memberFirstObject = new int[16];
  private int members = 1;

  private int[] objectStart = new int[16];
  private int[] objectEnd = new int[16];
  private int[] objectNextSibling = new int[16];
  private int[] objectFirstMember = new int[16];
  private int[] objectSize = new int[16];
  private int objects = 1;

  private int[] order = new int[16];
  private int ordered;

  /** Members of the objects still open, innermost last. */
  private int[] open = new int[16];

  private int openCount;

  private int[] scratch = new int[0];

  /** What each open container saved of its parent's state, by depth (1 = outermost). */
  private boolean[] isArray = new boolean[8];

  private boolean[] hasItems = new boolean[8];
  private int[] savedMember = new int[8];
  private int[] savedLastObject = new int[8];
  private int[] openBase = new int[8];
  private int depth;

  /** The member the next object nested in a value belongs to, and its last such object so far. */
  private int member;

  private int lastObject;

  CanonicalJsonReader(int inputLength, int maxDepth) {
    this.text = new char[Math.max(16, inputLength)];
    this.maxDepth = maxDepth;
  }

  Optional<CanonicalJson> read(byte[] json) throws IOException {
    try (JsonParser parser = FACTORY.createParser(json)) {
      JsonToken token = parser.nextToken();
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
        token = parser.nextToken();
        if (token == null) {
          return Optional.empty();
        }
      }
      if (parser.nextToken() != null) {
        return Optional.empty();
      }
    }
    memberEnd[0] = length;
    return Optional.of(
        new CanonicalJson(
            text,
            new CanonicalJson.Layout(
                memberStart,
                memberEnd,
                memberFirstObject,
                objectStart,
                objectEnd,
                objectNextSibling,
                objectFirstMember,
                objectSize,
                order)));
  }

  private boolean accept(JsonParser parser, JsonToken token) throws IOException {
    switch (token) {
      case START_OBJECT -> {
        separate();
        enter(false);
        startObject();
      }
      case END_OBJECT -> {
        endObject();
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
        append(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
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
      savedMember = Arrays.copyOf(savedMember, capacity);
      savedLastObject = Arrays.copyOf(savedLastObject, capacity);
      openBase = Arrays.copyOf(openBase, capacity);
    }
    isArray[depth] = array;
    hasItems[depth] = false;
  }

  private void startObject() {
    int object = newObject();
    objectStart[object] = length;
    if (lastObject == 0) {
      memberFirstObject[member] = object;
    } else {
      objectNextSibling[lastObject] = object;
    }
    savedMember[depth] = member;
    savedLastObject[depth] = object;
    openBase[depth] = openCount;
    member = NO_MEMBER;
    lastObject = 0;
  }

  private void startMember(String name) {
    if (member != NO_MEMBER) {
      memberEnd[member] = length;
    }
    int started = newMember(name);
    memberStart[started] = length;
    if (openCount == open.length) {
      open = Arrays.copyOf(open, openCount * 2);
    }
    open[openCount++] = started;
    quote(name);
    append(':');
    member = started;
    lastObject = 0;
  }

  private void endObject() {
    if (member != NO_MEMBER) {
      memberEnd[member] = length;
    }
    int object = savedLastObject[depth];
    objectEnd[object] = length;
    int base = openBase[depth];
    int size = openCount - base;
    sortByName(open, base, openCount);
    if (ordered + size > order.length) {
      order = Arrays.copyOf(order, Math.max(order.length * 2, ordered + size));
    }
    System.arraycopy(open, base, order, ordered, size);
    objectFirstMember[object] = ordered;
    objectSize[object] = size;
    ordered += size;
    openCount = base;
    member = savedMember[depth];
    lastObject = object;
  }

  private int newMember(String name) {
    if (members == names.length) {
      int capacity = members * 2;
      names = Arrays.copyOf(names, capacity);
      memberStart = Arrays.copyOf(memberStart, capacity);
      memberEnd = Arrays.copyOf(memberEnd, capacity);
      memberFirstObject = Arrays.copyOf(memberFirstObject, capacity);
    }
    names[members] = name;
    return members++;
  }

  private int newObject() {
    if (objects == objectStart.length) {
      int capacity = objects * 2;
      objectStart = Arrays.copyOf(objectStart, capacity);
      objectEnd = Arrays.copyOf(objectEnd, capacity);
      objectNextSibling = Arrays.copyOf(objectNextSibling, capacity);
      objectFirstMember = Arrays.copyOf(objectFirstMember, capacity);
      objectSize = Arrays.copyOf(objectSize, capacity);
    }
    return objects++;
  }

  /** Merge sort of member numbers by name; names are unique (duplicates fail the parse). */
  private void sortByName(int[] members, int from, int to) {
    if (to - from < 2) {
      return;
    }
    if (scratch.length < to - from) {
      scratch = new int[Math.max(to - from, scratch.length * 2)];
    }
    mergeSort(members, from, to);
  }

  private void mergeSort(int[] a, int from, int to) {
    if (to - from <= 8) {
      for (int i = from + 1; i < to; i++) {
        int moving = a[i];
        int j = i;
        while (j > from && names[a[j - 1]].compareTo(names[moving]) > 0) {
          a[j] = a[j - 1];
          j--;
        }
        a[j] = moving;
      }
      return;
    }
    int middle = (from + to) >>> 1;
    mergeSort(a, from, middle);
    mergeSort(a, middle, to);
    if (names[a[middle - 1]].compareTo(names[a[middle]]) < 0) {
      return; // already in order, as members written by a program often are
    }
    System.arraycopy(a, from, scratch, 0, middle - from);
    int left = 0;
    int leftEnd = middle - from;
    int right = middle;
    int out = from;
    while (left < leftEnd && right < to) {
      a[out++] =
          names[scratch[left]].compareTo(names[a[right]]) <= 0 ? scratch[left++] : a[right++];
    }
    System.arraycopy(scratch, left, a, out, leftEnd - left);
  }

  private void quote(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < ESCAPED.length && ESCAPED[c] != 0) {
        append('"');
        char[] quoted = JsonStringEncoder.getInstance().quoteAsString(name);
        append(quoted, 0, quoted.length);
        append('"');
        return;
      }
    }
    append('"');
    if (length + name.length() > text.length) {
      text = Arrays.copyOf(text, Math.max(text.length * 2, length + name.length()));
    }
    name.getChars(0, name.length(), text, length);
    length += name.length();
    append('"');
  }

  /** Quoted as Jackson's {@link JsonStringEncoder} quotes, copying verbatim what it would not. */
  private void quote(char[] chars, int offset, int count) {
    append('"');
    int end = offset + count;
    for (int i = offset; i < end; i++) {
      char c = chars[i];
      if (c < ESCAPED.length && ESCAPED[c] != 0) {
        char[] quoted =
            JsonStringEncoder.getInstance().quoteAsString(new String(chars, offset, count));
        append(quoted, 0, quoted.length);
        append('"');
        return;
      }
    }
    append(chars, offset, count);
    append('"');
  }

  private void literal(String value) {
    separate();
    for (int i = 0; i < value.length(); i++) {
      append(value.charAt(i));
    }
  }

  private void append(char c) {
    if (length == text.length) {
      text = Arrays.copyOf(text, length * 2);
    }
    text[length++] = c;
  }

  private void append(char[] chars, int offset, int count) {
    if (length + count > text.length) {
      text = Arrays.copyOf(text, Math.max(text.length * 2, length + count));
    }
    System.arraycopy(chars, offset, text, length, count);
    length += count;
  }
}

package io.ichido.idempotency.boundary;

import java.util.Arrays;

/**
 * The objects and members of a document being canonicalised, four numbers each, in chunks: a table
 * that grows without copying what it holds, and whose parts stay small enough for the garbage
 * collector to treat as ordinary objects, however many members a body has.
 *
 * <p>A member is its quoted name, a colon and its value in the text, the objects nested in that
 * value cut out: {@link #START}, {@link #END}, {@link #FIRST} nested object, {@link #NEXT} member
 * of the same object (in document order while the object is open, in name order once it closed). An
 * object: {@link #START} and {@link #END} of its members in the text, {@link #FIRST} member in name
 * order, {@link #NEXT} object nested in the same member. Node 0 is the document itself, as a member
 * without a name; since it is nobody's next or first, 0 also means "none".
 */
final class CanonicalNodes {

  static final int START = 0;
  static final int END = 1;
  static final int FIRST = 2;
  static final int NEXT = 3;

  private static final int SHIFT = 12;
  private static final int ROWS = 1 << SHIFT;
  private static final int MASK = ROWS - 1;

  private int[][] chunks = new int[4][];
  private String[][] names = new String[4][];
  private int count;

  CanonicalNodes() {
    add(null);
  }

  /** A new node, all its numbers 0; {@code name} null for an object. */
  int add(String name) {
    int chunk = count >>> SHIFT;
    if (chunk == chunks.length) {
      chunks = Arrays.copyOf(chunks, chunk * 2);
      names = Arrays.copyOf(names, chunk * 2);
    }
    int row = count & MASK;
    if (chunks[chunk] == null) {
      // The first chunk starts small and doubles, so a small document costs a small table.
      int rows = chunk == 0 ? 16 : ROWS;
      chunks[chunk] = new int[rows * 4];
      names[chunk] = new String[rows];
    } else if (row == names[chunk].length) {
      chunks[chunk] = Arrays.copyOf(chunks[chunk], row * 8);
      names[chunk] = Arrays.copyOf(names[chunk], row * 2);
    }
    names[chunk][row] = name;
    return count++;
  }

  int get(int node, int field) {
    return chunks[node >>> SHIFT][(node & MASK) << 2 | field];
  }

  void set(int node, int field, int value) {
    chunks[node >>> SHIFT][(node & MASK) << 2 | field] = value;
  }

  String name(int node) {
    return names[node >>> SHIFT][node & MASK];
  }
}

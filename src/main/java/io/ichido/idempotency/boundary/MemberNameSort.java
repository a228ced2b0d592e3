package io.ichido.idempotency.boundary;

import java.util.Arrays;

/**
 * Puts an object's members in the order of their names, as {@link String#compareTo} orders them,
 * and finds duplicate names on the way.
 *
 * <p>On a wide object, reaching each name through its reference in sorted order costs more than all
 * the rest, so names are sorted by their characters as numbers: the first eight characters and the
 * length of every name are read once, in document order; members are sorted on them (an LSD radix
 * sort, byte by byte), eight at a time when they are all below U+0100, four and four otherwise, and
 * a group whose names share those goes on four at a time from where they start to differ. A few are
 * sorted by comparing. Groups wait on a stack of their own, not the thread's: long alike names
 * cannot exhaust it.
 */
final class MemberNameSort {

  private final CanonicalNodes nodes;

  /** Whether the first eight characters of every name of the object fit in a byte each. */
  private boolean narrow;

  /**
   * By position in the object: member number, name length, its first characters as a number (eight
   * narrow ones, or 0-3), and its characters 4-7 when they are not all narrow.
   */
  private int[] members = new int[0];

  private int[] lengths = new int[0];
  private long[] firstFour = new long[0];
  private long[] nextFour = new long[0];

  /** Positions in sorted order so far; groups of them still to sort (from, to, offset). */
  private int[] order = new int[0];

  private int[] groups = new int[48];
  private int groupCount;

  /** One group's keys and positions, and the radix sort's second copy of them. */
  private long[] keys = new long[0];

  private int[] ids = new int[0];
  private long[] sortedKeys = new long[0];
  private int[] sortedIds = new int[0];
  private final int[] byteCounts = new int[256];

  MemberNameSort(CanonicalNodes nodes) {
    this.nodes = nodes;
  }

  /** Sorts the member numbers in objectMembers[0, count); false when two names are equal. */
  boolean sort(int[] objectMembers, int count) {
    if (count <= 8) {
      return sortFew(objectMembers, count);
    }
    ensureCapacity(count);
    narrow = true;
    for (int i = 0; i < count; i++) {
      String name = nodes.name(objectMembers[i]);
      members[i] = objectMembers[i];
      lengths[i] = name.length();
      firstFour[i] = eightNarrowChars(name);
      order[i] = i;
    }
    if (!narrow) {
      for (int i = 0; i < count; i++) {
        String name = nodes.name(objectMembers[i]);
        firstFour[i] = fourChars(name, 0);
        nextFour[i] = fourChars(name, 4);
      }
    }
    groupCount = 0;
    push(0, count, 0);
    while (groupCount > 0) {
      int offset = groups[--groupCount];
      int to = groups[--groupCount];
      int from = groups[--groupCount];
      if (!sortGroup(from, to, offset)) {
        return false;
      }
    }
    for (int i = 0; i < count; i++) {
      objectMembers[i] = members[order[i]];
    }
    return true;
  }

  /** Sorts order[from, to), whose names are known to agree on their first offset characters. */
  private boolean sortGroup(int from, int to, int offset) {
    int size = to - from;
    if (size <= 8) {
      return sortByComparing(from, to);
    }
    if (offset >= 8) {
      offset = sharedUpTo(from, to, offset);
    }
    int width = offset == 0 && narrow ? 8 : 4;
    long any = 0;
    long all = -1;
    for (int i = 0; i < size; i++) {
      int position = order[from + i];
      long key =
          switch (offset) {
            case 0 -> firstFour[position];
            case 4 -> nextFour[position];
            default -> fourChars(nodes.name(members[position]), offset);
          };
      keys[i] = key;
      ids[i] = position;
      any |= key;
      all &= key;
    }
    if (size <= 64) {
      insertionSort(size);
    } else {
      radixSort(size, any ^ all);
    }
    int runStart = 0;
    for (int i = 1; i <= size; i++) {
      if (i == size || keys[i] != keys[runStart]) {
        if (!settleRun(from, runStart, i, offset + width)) {
          return false;
        }
        runStart = i;
      }
    }
    return true;
  }

  /**
   * The first eight characters as one number, a byte each, 0 where the name has ended; clears
   * {@link #narrow} when one of them does not fit in a byte.
   */
  private long eightNarrowChars(String name) {
    long key = 0;
    int seen = 0;
    for (int i = 0; i < 8; i++) {
      int c = i < name.length() ? name.charAt(i) : 0;
      seen |= c;
      key = key << 8 | (c & 0xFF);
    }
    narrow &= seen < 0x100;
    return key;
  }

  /** Four UTF-16 characters from {@code offset} on as one number, 0 where the name has ended. */
  private static long fourChars(String name, int offset) {
    long key = 0;
    for (int i = offset; i < offset + 4; i++) {
      key = key << 16 | (i < name.length() ? name.charAt(i) : 0);
    }
    return key;
  }

  /** Unsigned sort of keys[0, size) with their ids, skipping bytes no key differs in. */
  private void radixSort(int size, long varying) {
    for (int shift = 0; shift < 64; shift += 8) {
      if ((varying >>> shift & 0xFF) == 0) {
        continue;
      }
      Arrays.fill(byteCounts, 0);
      for (int i = 0; i < size; i++) {
        byteCounts[(int) (keys[i] >>> shift) & 0xFF]++;
      }
      for (int b = 0, sum = 0; b < 256; b++) {
        int count = byteCounts[b];
        byteCounts[b] = sum;
        sum += count;
      }
      for (int i = 0; i < size; i++) {
        int to = byteCounts[(int) (keys[i] >>> shift) & 0xFF]++;
        sortedKeys[to] = keys[i];
        sortedIds[to] = ids[i];
      }
      long[] swapKeys = keys;
      keys = sortedKeys;
      sortedKeys = swapKeys;
      int[] swapIds = ids;
      ids = sortedIds;
      sortedIds = swapIds;
    }
  }

  /** Unsigned insertion sort of keys[0, size) with their ids: cheaper than radix for a few. */
  private void insertionSort(int size) {
    for (int i = 1; i < size; i++) {
      long key = keys[i];
      int id = ids[i];
      int j = i;
      while (j > 0 && Long.compareUnsigned(keys[j - 1], key) > 0) {
        keys[j] = keys[j - 1];
        ids[j] = ids[j - 1];
        j--;
      }
      keys[j] = key;
      ids[j] = id;
    }
  }

  /**
   * Places the sorted ids[from, to) of a run, whose names agree up to {@code next}, at order[base +
   * from...]: those that end by then first (they differ only in how many U+0000 they end with;
   * equal, they are duplicates), the rest as a group to sort on from {@code next}.
   */
  private boolean settleRun(int base, int from, int to, int next) {
    int out = base + from;
    for (int i = from; i < to; i++) {
      if (lengths[ids[i]] <= next) {
        order[out++] = ids[i];
      }
    }
    int ended = out;
    for (int i = from; i < to; i++) {
      if (lengths[ids[i]] > next) {
        order[out++] = ids[i];
      }
    }
    if (ended - (base + from) > 1 && !sortByComparing(base + from, ended)) {
      return false;
    }
    if (out - ended > 1) {
      push(ended, out, next);
    }
    return true;
  }

  /** How far from {@code offset} on all names of the group agree; none of them ends before. */
  private int sharedUpTo(int from, int to, int offset) {
    String first = name(from);
    int shared = first.length();
    for (int i = from + 1; i < to && shared > offset; i++) {
      String name = name(i);
      int end = Math.min(shared, name.length());
      int at = offset;
      while (at < end && name.charAt(at) == first.charAt(at)) {
        at++;
      }
      shared = at;
    }
    return shared;
  }

  /** Insertion sort of order[from, to) by comparing names, for a few; false on two equal names. */
  private boolean sortByComparing(int from, int to) {
    for (int i = from + 1; i < to; i++) {
      int moving = order[i];
      String name = nodes.name(members[moving]);
      int j = i;
      while (j > from && name(j - 1).compareTo(name) > 0) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = moving;
    }
    for (int i = from + 1; i < to; i++) {
      if (name(i - 1).equals(name(i))) {
        return false;
      }
    }
    return true;
  }

  /** The common case, an object of a few members, without the work space. */
  private boolean sortFew(int[] objectMembers, int count) {
    for (int i = 1; i < count; i++) {
      int moving = objectMembers[i];
      String name = nodes.name(moving);
      int j = i;
      while (j > 0 && nodes.name(objectMembers[j - 1]).compareTo(name) > 0) {
        objectMembers[j] = objectMembers[j - 1];
        j--;
      }
      objectMembers[j] = moving;
    }
    for (int i = 1; i < count; i++) {
      if (nodes.name(objectMembers[i - 1]).equals(nodes.name(objectMembers[i]))) {
        return false;
      }
    }
    return true;
  }

  /** The name of the member at order[i]. */
  private String name(int i) {
    return nodes.name(members[order[i]]);
  }

  private void push(int from, int to, int offset) {
    if (groupCount + 3 > groups.length) {
      groups = Arrays.copyOf(groups, groups.length * 2);
    }
    groups[groupCount++] = from;
    groups[groupCount++] = to;
    groups[groupCount++] = offset;
  }

  private void ensureCapacity(int size) {
    if (members.length < size) {
      int capacity = Math.max(size, members.length * 2);
      members = new int[capacity];
      lengths = new int[capacity];
      firstFour = new long[capacity];
      nextFour = new long[capacity];
      order = new int[capacity];
      keys = new long[capacity];
      ids = new int[capacity];
      sortedKeys = new long[capacity];
      sortedIds = new int[capacity];
    }
  }
}

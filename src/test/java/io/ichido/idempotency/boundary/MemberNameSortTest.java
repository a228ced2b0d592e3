package io.ichido.idempotency.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MemberNameSortTest {

  private final Random random = new Random(20261130L);

  /** Sorts the names as members of one object; null when a duplicate was found. */
  private static List<String> sorted(List<String> names) {
    CanonicalNodes nodes = new CanonicalNodes();
    int[] members = new int[names.size()];
    for (int i = 0; i < members.length; i++) {
      members[i] = nodes.add(names.get(i));
    }
    if (!new MemberNameSort(nodes).sort(members, members.length)) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (int member : members) {
      out.add(nodes.name(member));
    }
    return out;
  }

  private String name(String alphabet, int maxLength) {
    StringBuilder name = new StringBuilder();
    int length = random.nextInt(maxLength + 1);
    for (int i = 0; i < length; i++) {
      name.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return name.toString();
  }

  @Test
  @DisplayName("the order of String.compareTo, whatever the names: alike, short, high, U+0000")
  void ordersAsCompareTo() {
    String[] alphabets = {
      "ab",
      "abcdefghijklmnopqrstuvwxyz0123456789",
      "\u0000a",
      "\u0000\u0001\uffff",
      "日本語\ud83d\ude00",
      "\u7fff\u8000\uffffa"
    };
    for (String alphabet : alphabets) {
      for (int size : new int[] {2, 9, 40, 500, 20_000}) {
        for (String prefix : new String[] {"", "kkkkkkkkkkkkk"}) {
          List<String> names =
              new ArrayList<>(new java.util.LinkedHashSet<>(randomNames(alphabet, size, prefix)));
          List<String> expected = new ArrayList<>(names);
          Collections.sort(expected);

          assertThat(sorted(names)).as(alphabet + " " + size).isEqualTo(expected);
        }
      }
    }
  }

  private List<String> randomNames(String alphabet, int size, String prefix) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      names.add(prefix + name(alphabet, 3 + size / 1000));
    }
    return names;
  }

  @Test
  @DisplayName("any two equal names are found, however alike the others")
  void findsDuplicates() {
    for (int size : new int[] {2, 9, 40, 500, 20_000}) {
      List<String> names = new ArrayList<>();
      for (int i = 0; i < size; i++) {
        names.add("kkkkkkkkk" + Integer.toString(i, 36) + "\u0000".repeat(i % 3));
      }
      assertThat(sorted(names)).isNotNull();
      names.add(names.get(random.nextInt(size)));
      Collections.shuffle(names, random);
      assertThat(sorted(names)).as("size " + size).isNull();
    }
    assertThat(sorted(List.of("", ""))).isNull();
    assertThat(sorted(List.of("a", "a\u0000", "a\u0000\u0000"))).hasSize(3);
  }
}

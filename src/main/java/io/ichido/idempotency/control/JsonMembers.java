package io.ichido.idempotency.control;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON document as members that {@link BodyPointer}s can find and remove, read from a canonical
 * form ({@code CanonicalJson}: no insignificant whitespace, one well-formed value). Every string,
 * number and literal is kept exactly as that form wrote it, so nothing a client sent is rounded or
 * respelt on its way into a fingerprint. An object may hold one name twice: a pointer then names
 * every member of that name.
 */
final class JsonMembers {

  /** A part of the document. */
  sealed interface Node {}

  /** A string, number or literal, as written. */
  record Leaf(String json) implements Node {}

  /** One member of an object: its name, unescaped, and its value. */
  record Member(String name, Node value) {}

  record Obj(List<Member> members) implements Node {}

  record Arr(List<Node> elements) implements Node {}

  private final String text;
  private int at;

  private JsonMembers(String text) {
    this.text = text;
  }

  /** The document {@code canonicalJson} holds. */
  static Node read(String canonicalJson) {
    JsonMembers reader = new JsonMembers(canonicalJson);
    Node node = reader.value();
    if (reader.at != canonicalJson.length()) {
      throw new IllegalArgumentException("Not one canonical JSON value");
    }
    return node;
  }

  /** The values {@code pointer} names in {@code node}: none, one, or more for a repeated name. */
  static List<Node> find(Node node, BodyPointer pointer) {
    List<Node> found = new ArrayList<>();
    find(node, pointer.tokens(), 0, found);
    return found;
  }

  private static void find(Node node, List<String> tokens, int depth, List<Node> found) {
    if (depth == tokens.size()) {
      found.add(node);
      return;
    }
    String token = tokens.get(depth);
    if (node instanceof Obj obj) {
      for (Member member : obj.members()) {
        if (member.name().equals(token)) {
          find(member.value(), tokens, depth + 1, found);
        }
      }
    } else if (node instanceof Arr arr && BodyPointer.isIndex(token)) {
      int index = Integer.parseInt(token);
      if (index < arr.elements().size()) {
        find(arr.elements().get(index), tokens, depth + 1, found);
      }
    }
  }

  /**
   * {@code node} without what {@code pointer} names. Array elements named are left out as if never
   * sent; the elements after them keep the indices they were sent with for any later pointer, since
   * every pointer is applied to the document as sent.
   */
  static Node without(Node node, List<BodyPointer> pointers) {
    return without(node, pointers, new ArrayList<>());
  }

  private static Node without(Node node, List<BodyPointer> pointers, List<String> path) {
    if (node instanceof Obj obj) {
      List<Member> kept = new ArrayList<>();
      for (Member member : obj.members()) {
        path.add(member.name());
        if (!named(pointers, path)) {
          kept.add(new Member(member.name(), without(member.value(), pointers, path)));
        }
        path.remove(path.size() - 1);
      }
      return new Obj(kept);
    }
    if (node instanceof Arr arr) {
      List<Node> kept = new ArrayList<>();
      for (int i = 0; i < arr.elements().size(); i++) {
        path.add(Integer.toString(i));
        if (!named(pointers, path)) {
          kept.add(without(arr.elements().get(i), pointers, path));
        }
        path.remove(path.size() - 1);
      }
      return new Arr(kept);
    }
    return node;
  }

  private static boolean named(List<BodyPointer> pointers, List<String> path) {
    for (BodyPointer pointer : pointers) {
      if (pointer.tokens().equals(path)) {
        return true;
      }
    }
    return false;
  }

  /** The JSON text of {@code node}: its leaves as they were written. */
  static String write(Node node) {
    StringBuilder out = new StringBuilder();
    write(node, out);
    return out.toString();
  }

  static void write(Node node, StringBuilder out) {
    if (node instanceof Leaf leaf) {
      out.append(leaf.json());
    } else if (node instanceof Obj obj) {
      out.append('{');
      for (int i = 0; i < obj.members().size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        Member member = obj.members().get(i);
        writeString(member.name(), out);
        out.append(':');
        write(member.value(), out);
      }
      out.append('}');
    } else if (node instanceof Arr arr) {
      out.append('[');
      for (int i = 0; i < arr.elements().size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(arr.elements().get(i), out);
      }
      out.append(']');
    }
  }

  /** {@code value} as a JSON string. */
  static void writeString(String value, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }

  /** The text of a JSON string leaf, unescaped; null when {@code node} is no string. */
  static String stringValue(Node node) {
    if (!(node instanceof Leaf leaf) || leaf.json().isEmpty() || leaf.json().charAt(0) != '"') {
      return null;
    }
    JsonMembers reader = new JsonMembers(leaf.json());
    return reader.string();
  }

  private Node value() {
    char c = text.charAt(at);
    if (c == '{') {
      at++;
      List<Member> members = new ArrayList<>();
      if (text.charAt(at) == '}') {
        at++;
        return new Obj(members);
      }
      while (true) {
        String name = string();
        expect(':');
        members.add(new Member(name, value()));
        if (text.charAt(at) == '}') {
          at++;
          return new Obj(members);
        }
        expect(',');
      }
    }
    if (c == '[') {
      at++;
      List<Node> elements = new ArrayList<>();
      if (text.charAt(at) == ']') {
        at++;
        return new Arr(elements);
      }
      while (true) {
        elements.add(value());
        if (text.charAt(at) == ']') {
          at++;
          return new Arr(elements);
        }
        expect(',');
      }
    }
    int start = at;
    if (c == '"') {
      skipString();
    } else {
      while (at < text.length() && ",}]".indexOf(text.charAt(at)) < 0) {
        at++;
      }
    }
    return new Leaf(text.substring(start, at));
  }

  private void skipString() {
    at++;
    while (text.charAt(at) != '"') {
      at += text.charAt(at) == '\\' ? 2 : 1;
    }
    at++;
  }

  private String string() {
    if (text.charAt(at) != '"') {
      throw new IllegalArgumentException("A string expected at " + at);
    }
    at++;
    StringBuilder out = new StringBuilder();
    while (true) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char escaped = text.charAt(at++);
      switch (escaped) {
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          out.append((char) Integer.parseInt(text, at, at + 4, 16));
          at += 4;
        }
        default -> out.append(escaped); // \" \\ \/
      }
    }
  }

  private void expect(char c) {
    if (text.charAt(at) != c) {
      throw new IllegalArgumentException("'" + c + "' expected at " + at);
    }
    at++;
  }
}

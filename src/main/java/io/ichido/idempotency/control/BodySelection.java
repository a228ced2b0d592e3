package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.CanonicalJson;
import io.ichido.idempotency.control.JsonMembers.Member;
import io.ichido.idempotency.control.JsonMembers.Node;
import io.ichido.idempotency.control.JsonMembers.Obj;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of a JSON body that makes two requests the same ({@code @Idempotent}'s {@code
 * fingerprintInclude} or {@code fingerprintExclude}): the whole body, only the members named, or
 * all but them.
 */
public final class BodySelection {

  /** The whole body counts. */
  public static final BodySelection WHOLE = new BodySelection(List.of(), List.of());

  private final List<BodyPointer> include;
  private final List<BodyPointer> exclude;

  private BodySelection(List<BodyPointer> include, List<BodyPointer> exclude) {
    this.include = List.copyOf(include);
    this.exclude = List.copyOf(exclude);
  }

  /**
   * The selection these pointers make; they were checked when the application deployed.
   *
   * @throws IllegalArgumentException for a pointer that is none
   */
  public static BodySelection of(String[] include, String[] exclude) {
    if (include.length == 0 && exclude.length == 0) {
      return WHOLE;
    }
    return new BodySelection(pointers(include), pointers(exclude));
  }

  private static List<BodyPointer> pointers(String[] texts) {
    List<BodyPointer> pointers = new ArrayList<>();
    for (String text : texts) {
      BodyPointer.Parsed parsed = BodyPointer.parse(text);
      pointers.add(
          parsed.pointer().orElseThrow(() -> new IllegalArgumentException(parsed.problem().get())));
    }
    return pointers;
  }

  public boolean whole() {
    return include.isEmpty() && exclude.isEmpty();
  }

  /**
   * What of {@code body} counts, in canonical form. With include pointers: an object whose members
   * are the pointers that name something, each with what it names (a member sent as {@code null}
   * and one not sent at all differ); with exclude pointers: the body without what they name.
   */
  public CanonicalJson select(CanonicalJson body) {
    if (whole()) {
      return body;
    }
    Node document = JsonMembers.read(body.toString());
    Node selected;
    if (!include.isEmpty()) {
      List<Member> members = new ArrayList<>();
      for (BodyPointer pointer : include) {
        for (Node found : JsonMembers.find(document, pointer)) {
          members.add(new Member(pointer.text(), found));
        }
      }
      selected = new Obj(members);
    } else {
      selected = JsonMembers.without(document, exclude);
    }
    byte[] text = JsonMembers.write(selected).getBytes(StandardCharsets.UTF_8);
    return CanonicalJson.parse(text, Integer.MAX_VALUE)
        .orElseThrow(() -> new IllegalStateException("A selection of canonical JSON is JSON"));
  }
}

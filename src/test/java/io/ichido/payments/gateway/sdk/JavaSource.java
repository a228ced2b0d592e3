package io.ichido.payments.gateway.sdk;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes and enums of one Java file of an SDK, read as text. The SDKs' models follow one plain
 * pattern (annotated private fields, enums of constants), so a small reader does, and the files stay
 * byte for byte as the SDK publishes them. Comments are blanked first; braces, commas and
 * semicolons are looked for in a copy whose string literals are blanked too, so that a {@code "}"}
 * in a message or a {@code "class Payment {"} in a {@code toString} is never read as code.
 */
final class JavaSource {

  private static final Pattern DECLARATION =
      Pattern.compile("(?<![.\\w])(class|enum|interface)\\s+(\\w+)");
  private static final Pattern EXTENDS =
      Pattern.compile("\\bextends\\s+(.+?)(?:\\bimplements\\b|$)");
  private static final Pattern MODIFIERS =
      Pattern.compile("^(?:(?:public|protected|private|static|final|transient|volatile)\\s+)*");
  private static final Pattern NAMED = Pattern.compile("^\\s*(?:value\\s*=\\s*)?\"([^\"]*)\"\\s*$");
  private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"");

  /**
   * One class or enum. {@code name} is qualified by the classes around it ({@code
   * PaymentState.StatusEnum}); {@code body} is its code between the braces, comments blanked.
   */
  record Declaration(
      String file,
      String name,
      String kind,
      List<String> typeParameters,
      String superclass,
      String body,
      List<Field> fields,
      List<Constant> constants) {}

  /** A field: its Java name and type, its modifiers and annotations ({@code name -> arguments}). */
  record Field(String javaName, String type, String modifiers, Map<String, String> annotations) {

    /** The name given by {@code @JsonProperty("x")} or {@code @SerializedName("x")}, if any. */
    String annotatedName() {
      return jsonName(annotations);
    }

    boolean annotatedForJson() {
      return annotations.containsKey("JsonProperty") || annotations.containsKey("SerializedName");
    }
  }

  /** An enum constant: its Java name, annotations and the code of its constructor arguments. */
  record Constant(String javaName, Map<String, String> annotations, String arguments) {

    /**
     * The word on the wire: the annotation's name, else the constant's first string argument (the
     * PayPay SDK's enums write that through their Gson adapters), else the constant's own name.
     */
    String wireValue() {
      String annotated = jsonName(annotations);
      if (annotated != null) {
        return annotated;
      }
      Matcher string = STRING.matcher(arguments);
      return string.find() ? string.group(1) : javaName;
    }
  }

  private static String jsonName(Map<String, String> annotations) {
    for (String annotation : List.of("JsonProperty", "SerializedName")) {
      String arguments = annotations.get(annotation);
      Matcher named = arguments == null ? null : NAMED.matcher(arguments);
      if (named != null && named.matches()) {
        return named.group(1);
      }
    }
    return null;
  }

  private final String file;
  private final String code;
  private final String mask;

  private JavaSource(String file, String text) {
    this.file = file;
    StringBuilder code = new StringBuilder(text.length());
    StringBuilder mask = new StringBuilder(text.length());
    blank(text, code, mask);
    this.code = code.toString();
    this.mask = mask.toString();
  }

  /** Every class and enum declared in {@code text}, nested ones included. */
  static List<Declaration> declarations(String file, String text) {
    return new JavaSource(file, text).declarations();
  }

  /**
   * Copies {@code text} to {@code code} with comments blanked, and to {@code mask} with string and
   * character literals blanked too; both keep every offset and line break.
   */
  private static void blank(String text, StringBuilder code, StringBuilder mask) {
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
      if (c == '/' && (next == '/' || next == '*')) {
        String end = next == '/' ? "\n" : "*/";
        int stop = text.indexOf(end, i + 2);
        stop = stop < 0 ? text.length() : next == '/' ? stop : stop + 2;
        for (; i < stop; i++) {
          char blank = text.charAt(i) == '\n' ? '\n' : ' ';
          code.append(blank);
          mask.append(blank);
        }
      } else if (c == '"' || c == '\'') {
        code.append(c);
        mask.append(c);
        i++;
        while (i < text.length() && text.charAt(i) != c) {
          int length = text.charAt(i) == '\\' ? 2 : 1;
          for (int k = 0; k < length && i < text.length(); k++, i++) {
            code.append(text.charAt(i));
            mask.append(' ');
          }
        }
        if (i < text.length()) {
          code.append(c);
          mask.append(c);
          i++;
        }
      } else {
        code.append(c);
        mask.append(c);
        i++;
      }
    }
  }

  private List<Declaration> declarations() {
    List<Declaration> found = new ArrayList<>();
    Deque<int[]> open = new ArrayDeque<>(); // {end offset, index in found}
    Matcher matcher = DECLARATION.matcher(mask);
    while (matcher.find()) {
      int brace = mask.indexOf('{', matcher.end());
      if (brace < 0) {
        break;
      }
      while (!open.isEmpty() && open.peek()[0] < matcher.start()) {
        open.pop();
      }
      String name = matcher.group(2);
      if (!open.isEmpty()) {
        name = found.get(open.peek()[1]).name() + "." + name;
      }
      int close = closing(brace, '{', '}');
      String header = mask.substring(matcher.end(), brace).trim();
      // After the type parameters: "<T extends Model> extends OmiseList<T>".
      Matcher extended = EXTENDS.matcher(header.substring(typeParametersEnd(header)));
      String kind = matcher.group(1);
      String members = depthZero(brace + 1, close, code);
      String membersMask = depthZero(brace + 1, close, mask);
      found.add(
          new Declaration(
              file,
              name,
              kind,
              typeParameters(header),
              extended.find() ? extended.group(1).trim() : null,
              code.substring(brace + 1, close),
              kind.equals("class") ? fields(members, membersMask) : List.of(),
              kind.equals("enum") ? constants(members, membersMask) : List.of()));
      open.push(new int[] {close, found.size() - 1});
    }
    return found;
  }

  private int closing(int at, char opening, char closing) {
    int depth = 0;
    for (int i = at; i < mask.length(); i++) {
      char c = mask.charAt(i);
      depth += c == opening ? 1 : c == closing ? -1 : 0;
      if (depth == 0) {
        return i;
      }
    }
    throw new IllegalStateException(file + ": no closing " + closing + " for offset " + at);
  }

  /** {@code source} between the offsets with every nested block emptied to {@code {}}. */
  private String depthZero(int from, int to, String source) {
    StringBuilder out = new StringBuilder();
    int depth = 0;
    for (int i = from; i < to; i++) {
      char c = mask.charAt(i);
      if (c == '{' && depth++ == 0 || c == '}' && --depth == 0 || depth == 0) {
        out.append(c == '{' || c == '}' ? c : source.charAt(i));
      }
    }
    return out.toString();
  }

  private static int typeParametersEnd(String header) {
    return header.startsWith("<") ? angleEnd(header) + 1 : 0;
  }

  private static List<String> typeParameters(String header) {
    if (!header.startsWith("<")) {
      return List.of();
    }
    String inside = header.substring(1, angleEnd(header));
    return split(inside, inside, ',').stream().map(part -> part.trim().split("\\s+")[0]).toList();
  }

  private static int angleEnd(String text) {
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      depth += text.charAt(i) == '<' ? 1 : text.charAt(i) == '>' ? -1 : 0;
      if (depth == 0) {
        return i;
      }
    }
    return text.length();
  }

  /** The fields among a class's members: statements that declare a name and no parameters. */
  private static List<Field> fields(String members, String membersMask) {
    List<Field> fields = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= membersMask.length(); i++) {
      if (i == membersMask.length() || ";{}".indexOf(membersMask.charAt(i)) >= 0) {
        Field field = field(members.substring(start, i), membersMask.substring(start, i));
        if (field != null) {
          fields.add(field);
        }
        start = i + 1;
      }
    }
    return fields;
  }

  private static Field field(String statement, String statementMask) {
    Annotated annotated = Annotated.read(statement, statementMask);
    String rest = annotated.rest().strip();
    String restMask = annotated.restMask().strip();
    int assignment = restMask.indexOf('=');
    String declaration = (assignment < 0 ? rest : rest.substring(0, assignment)).strip();
    if (declaration.isEmpty() || declaration.contains("(")) {
      return null;
    }
    Matcher modifiers = MODIFIERS.matcher(declaration);
    modifiers.find();
    String typeAndName = declaration.substring(modifiers.end());
    Matcher name = Pattern.compile("(\\w+)$").matcher(typeAndName);
    if (!name.find()) {
      return null;
    }
    String type = typeAndName.substring(0, name.start()).strip();
    if (type.isEmpty() || type.matches("(class|enum|interface)\\b.*")) {
      return null;
    }
    return new Field(name.group(1), type, modifiers.group(), annotated.annotations());
  }

  /** An enum's constants: its members up to the first semicolon, split at top-level commas. */
  private static List<Constant> constants(String members, String membersMask) {
    int end = membersMask.indexOf(';');
    String list = end < 0 ? members : members.substring(0, end);
    String listMask = end < 0 ? membersMask : membersMask.substring(0, end);
    List<Constant> constants = new ArrayList<>();
    List<String> parts = split(list, listMask, ',');
    List<String> masks = split(listMask, listMask, ',');
    for (int i = 0; i < parts.size(); i++) {
      Annotated annotated = Annotated.read(parts.get(i), masks.get(i));
      Matcher constant =
          Pattern.compile("^\\s*(\\w+)\\s*(?:\\((.*)\\))?").matcher(annotated.rest());
      if (constant.find()) {
        String arguments = constant.group(2) == null ? "" : constant.group(2);
        constants.add(new Constant(constant.group(1), annotated.annotations(), arguments));
      }
    }
    return constants;
  }

  /** {@code text} split at each {@code separator} of {@code textMask} outside brackets. */
  private static List<String> split(String text, String textMask, char separator) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < textMask.length(); i++) {
      char c = textMask.charAt(i);
      depth += "(<[".indexOf(c) >= 0 ? 1 : ")>]".indexOf(c) >= 0 ? -1 : 0;
      if (c == separator && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(text.substring(start));
    parts.removeIf(String::isBlank);
    return parts;
  }

  /** A statement's leading annotations and what follows them. */
  private record Annotated(Map<String, String> annotations, String rest, String restMask) {

    static Annotated read(String statement, String statementMask) {
      Map<String, String> annotations = new LinkedHashMap<>();
      int i = 0;
      while (true) {
        while (i < statementMask.length() && Character.isWhitespace(statementMask.charAt(i))) {
          i++;
        }
        if (i >= statementMask.length() || statementMask.charAt(i) != '@') {
          break;
        }
        int nameEnd = i + 1;
        while (nameEnd < statementMask.length()
            && (Character.isJavaIdentifierPart(statementMask.charAt(nameEnd))
                || statementMask.charAt(nameEnd) == '.')) {
          nameEnd++;
        }
        String name = statement.substring(i + 1, nameEnd);
        name = name.substring(name.lastIndexOf('.') + 1);
        int after = nameEnd;
        while (after < statementMask.length() && statementMask.charAt(after) == ' ') {
          after++;
        }
        String arguments = "";
        if (after < statementMask.length() && statementMask.charAt(after) == '(') {
          int depth = 0;
          int close = after;
          for (; close < statementMask.length(); close++) {
            depth +=
                statementMask.charAt(close) == '('
                    ? 1
                    : statementMask.charAt(close) == ')' ? -1 : 0;
            if (depth == 0) {
              break;
            }
          }
          arguments = statement.substring(after + 1, close);
          nameEnd = close + 1;
        }
        annotations.put(name, arguments);
        i = nameEnd;
      }
      return new Annotated(annotations, statement.substring(i), statementMask.substring(i));
    }
  }
}

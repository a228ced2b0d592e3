package io.ichido.payments.gateway.sdk;

import io.ichido.payments.gateway.sdk.JavaSource.Declaration;
import io.ichido.payments.gateway.sdk.JavaSource.Field;
import io.ichido.payments.gateway.sdk.SdkType.Choice;
import io.ichido.payments.gateway.sdk.SdkType.Kind;
import io.ichido.payments.gateway.sdk.SdkType.ListOf;
import io.ichido.payments.gateway.sdk.SdkType.MapOf;
import io.ichido.payments.gateway.sdk.SdkType.Model;
import io.ichido.payments.gateway.sdk.SdkType.Scalar;
import io.ichido.payments.gateway.sdk.SdkType.SdkField;
import io.ichido.payments.gateway.sdk.SdkType.Unkept;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The models of a gateway's official SDK, read from the SDK's own Java files kept under {@code
 * src/test/resources/gateway-specs/<gateway>/} (see its SOURCE.md). How a Java field becomes a JSON
 * field, as the SDKs' JSON libraries do it:
 *
 * <ul>
 *   <li>its name is that of {@code @JsonProperty("x")} (Jackson, Omise) or
 *       {@code @SerializedName("x")} (Gson, PayPay), else the Java name;
 *   <li>static fields are no JSON; neither are final fields without such an annotation (a request
 *       builder's path ids), nor, in a subclass of Omise's {@code RequestBuilder}, any field
 *       without {@code @JsonProperty} (Jackson sees only those there: they have no getters);
 *   <li>fields of the superclass come first, its type variables bound ({@code SearchResult<T>
 *       extends OmiseList<T>});
 *   <li>Java types map to JSON kinds as {@link #type} says; an enum is the set of its words.
 * </ul>
 */
public final class SdkModels {

  private static final Map<String, Scalar> SCALARS = scalars();
  private static final Pattern MAX = Pattern.compile("\\bmax\\s*=\\s*(\\d+)");

  private final Path root;
  private final Map<String, Declaration> declarations = new LinkedHashMap<>();

  private SdkModels(Path root) {
    this.root = root;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String relative = root.relativize(file).toString();
        for (Declaration declaration : JavaSource.declarations(relative, Files.readString(file))) {
          declarations.put(declaration.name(), declaration);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The SDK kept under {@code directory} of the test classpath. */
  public static SdkModels read(String directory) {
    URL url = SdkModels.class.getClassLoader().getResource(directory);
    if (url == null) {
      throw new IllegalArgumentException("No " + directory + " on the test classpath");
    }
    try {
      return new SdkModels(Path.of(url.toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A kept file's text, by its path in the SDK's repository. */
  public String text(String file) {
    try {
      return Files.readString(root.resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A class by its (nested) name, with these class names as its type arguments. */
  public Model model(String name, String... typeArguments) {
    String type =
        typeArguments.length == 0 ? name : name + "<" + String.join(",", typeArguments) + ">";
    if (type(type, null, Map.of()) instanceof Model model) {
      return model;
    }
    throw new IllegalArgumentException(name + " is no class the kept SDK declares");
  }

  Declaration declaration(String name) {
    Declaration found = declarations.get(name);
    if (found == null) {
      throw new IllegalArgumentException(name + " is not declared in " + root);
    }
    return found;
  }

  List<Declaration> declarations() {
    return List.copyOf(declarations.values());
  }

  /**
   * A Java type written in {@code context} (null: at the top) as a JSON type. {@code String},
   * numbers, booleans and date-times are scalars; {@code Object} is anything; maps are objects with
   * any keys; lists, sets and arrays are arrays; a type variable is what {@code bindings} binds it
   * to; a class or enum the kept files declare is a model or a choice of words, found as Java would
   * (nested in the context first, then at the top); anything else is {@link Unkept}.
   */
  SdkType type(String javaType, Declaration context, Map<String, SdkType> bindings) {
    String type = javaType.strip();
    if (type.endsWith("[]")) {
      return new ListOf(type(type.substring(0, type.length() - 2), context, bindings));
    }
    int angle = type.indexOf('<');
    String base = angle < 0 ? type : type.substring(0, angle).strip();
    List<String> arguments =
        angle < 0 ? List.of() : topLevel(type.substring(angle + 1, type.lastIndexOf('>')));
    if (bindings.containsKey(base)) {
      return bindings.get(base);
    }
    String simple = base.substring(base.lastIndexOf('.') + 1);
    if (SCALARS.containsKey(simple)) {
      return SCALARS.get(simple);
    }
    switch (simple) {
      case "Map", "HashMap", "LinkedHashMap", "TreeMap" -> {
        return new MapOf(arguments.size() == 2 ? type(arguments.get(1), context, bindings) : any());
      }
      case "List", "ArrayList", "Set", "HashSet", "Collection" -> {
        return new ListOf(
            arguments.size() == 1 ? type(arguments.get(0), context, bindings) : any());
      }
      default -> {
        Optional<Declaration> found = find(base, context);
        if (found.isEmpty()) {
          return new Unkept(type);
        }
        List<SdkType> resolved = new ArrayList<>();
        arguments.forEach(argument -> resolved.add(type(argument, context, bindings)));
        return of(found.get(), resolved);
      }
    }
  }

  /** A class or enum by a name written in {@code context}, found as Java would. */
  Optional<Declaration> find(String name, Declaration context) {
    for (String scope = context == null ? null : context.name(); scope != null; ) {
      Declaration nested = declarations.get(scope + "." + name);
      if (nested != null) {
        return Optional.of(nested);
      }
      int dot = scope.lastIndexOf('.');
      scope = dot < 0 ? null : scope.substring(0, dot);
    }
    Declaration top = declarations.get(name);
    if (top == null && Character.isLowerCase(name.charAt(0))) {
      top = declarations.get(name.substring(name.lastIndexOf('.') + 1)); // package-qualified
    }
    return Optional.ofNullable(top);
  }

  private SdkType of(Declaration declaration, List<SdkType> arguments) {
    if (declaration.kind().equals("enum")) {
      Set<String> words = new LinkedHashSet<>();
      declaration.constants().forEach(constant -> words.add(constant.wireValue()));
      return new Choice(declaration.name(), words);
    }
    Map<String, SdkType> bindings = new HashMap<>();
    List<String> parameters = declaration.typeParameters();
    for (int i = 0; i < parameters.size(); i++) {
      bindings.put(parameters.get(i), i < arguments.size() ? arguments.get(i) : any());
    }
    String name =
        arguments.isEmpty()
            ? declaration.name()
            : declaration.name()
                + arguments.stream()
                    .map(SdkModels::shortName)
                    .collect(Collectors.joining(",", "<", ">"));
    return new Model(name, declaration.file(), () -> fields(declaration, bindings));
  }

  private Map<String, SdkField> fields(Declaration declaration, Map<String, SdkType> bindings) {
    Map<String, SdkField> fields = new LinkedHashMap<>();
    String superclass = declaration.superclass();
    if (superclass != null && type(superclass, declaration, bindings) instanceof Model parent) {
      fields.putAll(parent.fields());
    }
    boolean annotatedOnly = superclass != null && superclass.startsWith("RequestBuilder");
    for (Field field : declaration.fields()) {
      boolean json =
          field.annotatedForJson()
              || !annotatedOnly && !field.modifiers().matches(".*\\bfinal\\b.*");
      if (!json || field.modifiers().matches(".*\\bstatic\\b.*")) {
        continue;
      }
      String name = field.annotatedName() == null ? field.javaName() : field.annotatedName();
      Map<String, String> annotations = field.annotations();
      boolean required = annotations.containsKey("NotNull") || annotations.containsKey("NotEmpty");
      Matcher max = MAX.matcher(annotations.getOrDefault("Size", ""));
      int maxLength = max.find() ? Integer.parseInt(max.group(1)) : Integer.MAX_VALUE;
      fields.put(
          name, new SdkField(name, type(field.type(), declaration, bindings), required, maxLength));
    }
    return fields;
  }

  private static String shortName(SdkType type) {
    return type instanceof Model model ? model.name() : type.toString();
  }

  private static SdkType any() {
    return SCALARS.get("Object");
  }

  private static List<String> topLevel(String arguments) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < arguments.length(); i++) {
      char c = arguments.charAt(i);
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        parts.add(arguments.substring(start, i).strip());
        start = i + 1;
      }
    }
    parts.add(arguments.substring(start).strip());
    return parts;
  }

  private static Map<String, Scalar> scalars() {
    Map<String, Scalar> scalars = new HashMap<>();
    scalars.put("String", new Scalar(Kind.STRING, false));
    scalars.put("Object", new Scalar(Kind.ANY, false));
    for (String dateTime : List.of("ZonedDateTime", "OffsetDateTime", "LocalDateTime", "Instant")) {
      scalars.put(dateTime, new Scalar(Kind.DATE_TIME, false));
    }
    scalars.put("long", new Scalar(Kind.INT64, true));
    scalars.put("Long", new Scalar(Kind.INT64, false));
    scalars.put("int", new Scalar(Kind.INT32, true));
    scalars.put("Integer", new Scalar(Kind.INT32, false));
    scalars.put("double", new Scalar(Kind.NUMBER, true));
    scalars.put("float", new Scalar(Kind.NUMBER, true));
    for (String number : List.of("Double", "Float", "BigDecimal", "Number")) {
      scalars.put(number, new Scalar(Kind.NUMBER, false));
    }
    scalars.put("boolean", new Scalar(Kind.BOOLEAN, true));
    scalars.put("Boolean", new Scalar(Kind.BOOLEAN, false));
    return Map.copyOf(scalars);
  }
}

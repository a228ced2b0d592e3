package io.ichido.idempotency.control;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.ichido.idempotency.boundary.Idempotent;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import java.io.InputStream;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks, when the application deploys, that the JSON Pointers of an {@code @Idempotent} method
 * ({@link Idempotent#fingerprintInclude()}, {@link Idempotent#fingerprintExclude()}, {@link
 * Idempotent#keyPointer()}) name members its request type has. A pointer that names nothing would
 * make every retry a 422 (include), protect nothing (exclude) or refuse every request (key): all
 * mistakes better found before the first request.
 *
 * <p>The request type's members are found as a default Jackson mapper names them ({@code
 * JsonProperty}, {@code JsonIgnore} and records honoured). A mapper configured with a naming
 * strategy of its own is not known here: name members as clients send them, and give such types
 * {@code @JsonProperty} names.
 */
public final class RequestTypePointers {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final Set<Class<? extends Annotation>> NOT_THE_BODY =
      Set.of(
          PathParam.class,
          QueryParam.class,
          HeaderParam.class,
          CookieParam.class,
          MatrixParam.class,
          FormParam.class,
          BeanParam.class,
          Context.class,
          Suspended.class);

  private RequestTypePointers() {}

  /** One sentence per pointer of {@code method} (of {@code resource}) that names nothing. */
  public static List<String> problems(Class<?> resource, Method method, Idempotent settings) {
    List<String> problems = new ArrayList<>();
    String where = resource.getName() + "." + method.getName();
    if (settings.fingerprintInclude().length > 0 && settings.fingerprintExclude().length > 0) {
      problems.add(
          where + ": @Idempotent names both fingerprintInclude and fingerprintExclude; name one");
    }
    boolean pointers =
        settings.fingerprintInclude().length > 0
            || settings.fingerprintExclude().length > 0
            || !settings.keyPointer().isEmpty();
    if (!pointers) {
      return problems;
    }
    Optional<Type> body = bodyType(method);
    if (body.isEmpty()) {
      problems.add(where + ": @Idempotent names JSON Pointers, but the method takes no body");
      return problems;
    }
    JavaType type = MAPPER.getTypeFactory().constructType(body.get());
    for (String pointer : settings.fingerprintInclude()) {
      check(where, "fingerprintInclude", pointer, type, false).ifPresent(problems::add);
    }
    for (String pointer : settings.fingerprintExclude()) {
      check(where, "fingerprintExclude", pointer, type, false).ifPresent(problems::add);
    }
    if (!settings.keyPointer().isEmpty()) {
      check(where, "keyPointer", settings.keyPointer(), type, true).ifPresent(problems::add);
    }
    return problems;
  }

  /** The type of the one parameter that carries the request body, if the method has one. */
  static Optional<Type> bodyType(Method method) {
    Annotation[][] annotations = method.getParameterAnnotations();
    Type[] types = method.getGenericParameterTypes();
    for (int i = 0; i < types.length; i++) {
      boolean body = true;
      for (Annotation annotation : annotations[i]) {
        if (NOT_THE_BODY.contains(annotation.annotationType())) {
          body = false;
        }
      }
      if (body) {
        return Optional.of(types[i]);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> check(
      String where, String setting, String text, JavaType root, boolean mustBeText) {
    BodyPointer.Parsed parsed = BodyPointer.parse(text);
    if (parsed.problem().isPresent()) {
      return Optional.of(where + ": @Idempotent " + setting + " " + parsed.problem().get());
    }
    if (root.getRawClass() == String.class) {
      return Optional.empty(); // a body read as text: whatever JSON it holds, unknown here
    }
    JavaType type = root;
    List<String> tokens = parsed.pointer().orElseThrow().tokens();
    for (int i = 0; i < tokens.size(); i++) {
      String token = tokens.get(i);
      if (untyped(type)) {
        return Optional.empty();
      }
      JavaType next = member(type, token);
      if (next == null) {
        String owner =
            i == 0
                ? "the request type " + type.getRawClass().getSimpleName()
                : "\"" + prefix(tokens, i) + "\", a " + type.getRawClass().getSimpleName() + ",";
        return Optional.of(
            where
                + ": @Idempotent "
                + setting
                + " \""
                + text
                + "\" names nothing: "
                + owner
                + " has no member \""
                + token
                + "\"");
      }
      type = next;
    }
    if (mustBeText && !untyped(type) && !CharSequence.class.isAssignableFrom(type.getRawClass())) {
      return Optional.of(
          where
              + ": @Idempotent keyPointer \""
              + text
              + "\" names a "
              + type.getRawClass().getSimpleName()
              + "; a key is a JSON string");
    }
    return Optional.empty();
  }

  /** The type of member {@code token} of {@code type}, or null when it has none. */
  private static JavaType member(JavaType type, String token) {
    if (type.isArrayType() || type.isCollectionLikeType()) {
      return BodyPointer.isIndex(token) ? type.getContentType() : null;
    }
    if (type.isMapLikeType()) {
      return type.getContentType();
    }
    Class<?> raw = type.getRawClass();
    if (raw.isPrimitive()
        || raw.isEnum()
        || Number.class.isAssignableFrom(raw)
        || CharSequence.class.isAssignableFrom(raw)
        || Boolean.class == raw
        || Temporal.class.isAssignableFrom(raw)
        || raw.getName().startsWith("java.")) {
      return null;
    }
    BeanDescription bean = MAPPER.getDeserializationConfig().introspect(type);
    for (BeanPropertyDefinition property : bean.findProperties()) {
      if (property.getName().equals(token) && property.couldDeserialize()) {
        return property.getPrimaryType();
      }
    }
    return bean.findAnySetterAccessor() != null
        ? MAPPER.getTypeFactory().constructType(Object.class)
        : null;
  }

  /** A type that says nothing of its members: any pointer into it may name something. */
  private static boolean untyped(JavaType type) {
    Class<?> raw = type.getRawClass();
    return raw == Object.class
        || JsonNode.class.isAssignableFrom(raw)
        || raw == byte[].class
        || InputStream.class.isAssignableFrom(raw)
        || Reader.class.isAssignableFrom(raw)
        || raw.getName().startsWith("jakarta.json.");
  }

  private static String prefix(List<String> tokens, int count) {
    StringBuilder out = new StringBuilder();
    for (String token : tokens.subList(0, count)) {
      out.append('/').append(token.replace("~", "~0").replace("/", "~1"));
    }
    return out.toString();
  }
}

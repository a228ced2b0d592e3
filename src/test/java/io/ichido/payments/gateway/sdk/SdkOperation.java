package io.ichido.payments.gateway.sdk;

import io.ichido.payments.gateway.sdk.JavaSource.Declaration;
import io.ichido.payments.gateway.sdk.JavaSource.Field;
import io.ichido.payments.gateway.sdk.SdkType.Model;
import io.ichido.payments.gateway.sdk.SdkType.SdkField;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One call the SDK makes: its HTTP method and path template, the model of its body and of its query
 * (null for none) and of its answer, each read from the SDK's own code.
 */
public record SdkOperation(
    String name,
    String file,
    String method,
    String path,
    SdkType body,
    Model query,
    SdkType answer) {

  private static final Pattern BUILD_URL =
      Pattern.compile("buildUrl\\(Endpoint\\.API,\\s*([^;]*?)\\)\\s*;");
  private static final Pattern URL_BUILDER =
      Pattern.compile(
          "new HttpUrlBuilder\\(Endpoint\\.API,\\s*(\"\\w+\")\\s*,\\s*serializer\\(\\)\\)"
              + "\\s*\\.segments\\(([^)]*)\\)\\s*\\.params\\((\\w+)\\)");
  private static final Pattern METHOD =
      Pattern.compile("String method\\(\\)\\s*\\{\\s*return\\s+(\\w+)\\s*;");
  private static final Pattern CLASS_ANSWER =
      Pattern.compile("new ResponseType<>\\((\\w+)\\.class\\)");
  private static final Pattern TYPE_ANSWER =
      Pattern.compile("new TypeReference<(.+?)>\\(\\)\\s*\\{");
  private static final Pattern QUERY_PUT =
      Pattern.compile("map\\.put\\(\"(\\w+)\\[?\"(?:\\s*\\+[^,]*)?,\\s*([^;]*)\\)\\s*;");
  private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Za-z_]\\w*\\b");
  private static final Pattern PAYPAY_CALL =
      Pattern.compile(
          "private Call (\\w+?)(?:ValidateBefore)?Call\\([^)]*\\)[^{]*\\{\\s*"
              + "return ApiUtil\\.(getCallObject|postCallObject)\\(apiClient,"
              + "\\s*\"([^\"]+)\"([^;]*)\\)\\s*;");
  private static final Pattern HTTP_METHOD = Pattern.compile("\"(GET|POST|PUT|PATCH|DELETE)\"");

  /** Whether a request of {@code method} to {@code path} (no query) is this call. */
  public boolean matches(String method, String path) {
    String pattern = Pattern.quote(this.path).replaceAll("\\{\\w+}", "\\\\E[^/]+\\\\Q");
    return this.method.equals(method) && path.matches(pattern);
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + path + ", " + file + ")";
  }

  /**
   * Omise's calls: each subclass of its {@code RequestBuilder} that builds its URL with {@code
   * buildUrl(Endpoint.API, segments...)}, or with {@code new HttpUrlBuilder(Endpoint.API, "first",
   * serializer()).segments(segments...).params(options)} (its lists). A quoted segment is part of
   * the path, a field of the builder a path parameter, its {@code Options} the query (the keys its
   * {@code query()} puts); {@code method()} says the HTTP method (GET without one); the body is the
   * builder's {@code @JsonProperty} fields; the answer is its {@code ResponseType}. {@code
   * typeVariables} binds what a generic builder leaves open ({@code SearchRequestBuilder<T>}).
   */
  public static List<SdkOperation> omise(SdkModels sdk, Map<String, String> typeVariables) {
    Map<String, SdkType> bindings = new HashMap<>();
    typeVariables.forEach((variable, type) -> bindings.put(variable, sdk.model(type)));
    List<SdkOperation> operations = new ArrayList<>();
    for (Declaration builder : sdk.declarations()) {
      List<String> arguments = urlArguments(builder.body());
      if (builder.superclass() == null
          || !builder.superclass().startsWith("RequestBuilder")
          || arguments.isEmpty()) {
        continue;
      }
      Matcher method = METHOD.matcher(builder.body());
      StringBuilder path = new StringBuilder();
      Model query = null;
      for (String argument : arguments) {
        String segment = argument.strip();
        Optional<Field> field =
            builder.fields().stream().filter(f -> f.javaName().equals(segment)).findFirst();
        if (segment.startsWith("\"")) {
          path.append('/').append(segment, 1, segment.length() - 1);
        } else if (field.isPresent() && field.get().type().endsWith("Options")) {
          query = query(sdk, sdk.find(field.get().type(), builder).orElseThrow());
        } else {
          path.append("/{").append(segment).append('}');
        }
      }
      boolean sends = builder.fields().stream().anyMatch(Field::annotatedForJson);
      operations.add(
          new SdkOperation(
              builder.name(),
              builder.file(),
              method.find() ? method.group(1) : "GET",
              path.toString(),
              sends ? sdk.type(builder.name(), null, bindings) : null,
              query,
              answer(sdk, builder, bindings)));
    }
    return operations;
  }

  /** The arguments a builder's URL is made of, in order; empty when it builds none we read. */
  private static List<String> urlArguments(String body) {
    Matcher url = BUILD_URL.matcher(body);
    if (url.find()) {
      return List.of(url.group(1).split(","));
    }
    Matcher list = URL_BUILDER.matcher(body);
    if (!list.find()) {
      return List.of();
    }
    List<String> arguments = new ArrayList<>(List.of(list.group(1)));
    if (!list.group(2).isBlank()) {
      arguments.addAll(List.of(list.group(2).split(",")));
    }
    arguments.add(list.group(3));
    return arguments;
  }

  private static SdkType answer(SdkModels sdk, Declaration builder, Map<String, SdkType> bindings) {
    Matcher type = CLASS_ANSWER.matcher(builder.body());
    if (type.find()) {
      return sdk.type(type.group(1), builder, bindings);
    }
    Matcher reference = TYPE_ANSWER.matcher(builder.body());
    if (reference.find()) {
      return sdk.type(reference.group(1), builder, bindings);
    }
    throw new IllegalStateException(builder.name() + " names no answer type");
  }

  /**
   * An Omise {@code Options} class as the query its {@code query(Serializer)} writes: each {@code
   * map.put("key", ...)} typed by the field its value is made of (or the field of the key's name;
   * {@code "key[" + k + "]"} is a map).
   */
  private static Model query(SdkModels sdk, Declaration options) {
    return new Model(
        options.name() + ".query()",
        options.file(),
        () -> {
          Map<String, SdkField> parameters = new LinkedHashMap<>();
          Matcher put = QUERY_PUT.matcher(options.body());
          while (put.find()) {
            String key = put.group(1);
            Field field = optionsField(options, put.group(2), key);
            SdkType type = sdk.type(field.type(), options, Map.of());
            parameters.put(key, new SdkField(key, type, false, Integer.MAX_VALUE));
          }
          return parameters;
        });
  }

  private static Field optionsField(Declaration options, String value, String key) {
    Matcher identifiers = IDENTIFIER.matcher(value);
    while (identifiers.find()) {
      for (Field field : options.fields()) {
        if (field.javaName().equals(identifiers.group())) {
          return field;
        }
      }
    }
    return options.fields().stream()
        .filter(field -> field.javaName().equals(key))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("No field of " + options.name() + " gives " + key));
  }

  /**
   * PayPay's calls: each {@code private Call <op>[ValidateBefore]Call(...)} of {@code PaymentApi}
   * that returns {@code ApiUtil.getCallObject(apiClient, "<path>", ..., "<METHOD>")} or {@code
   * ApiUtil.postCallObject(apiClient, "<path>", body, ...)} (POST), with the public method {@code
   * <Answer> <op>(<Body> body)} for its models.
   */
  public static List<SdkOperation> paypay(SdkModels sdk) {
    Declaration api = sdk.declaration("PaymentApi");
    List<SdkOperation> operations = new ArrayList<>();
    Matcher call = PAYPAY_CALL.matcher(api.body());
    while (call.find()) {
      String name = call.group(1);
      Matcher method = HTTP_METHOD.matcher(call.group(4));
      String httpMethod =
          call.group(2).startsWith("post") ? "POST" : method.find() ? method.group(1) : null;
      // Case aside: createAccountLinkQrCodeCall builds createAccountLinkQRCode's call.
      Matcher signature =
          Pattern.compile("public (\\w+) " + name + "\\(([^)]*)\\)", Pattern.CASE_INSENSITIVE)
              .matcher(api.body());
      if (!signature.find()) {
        throw new IllegalStateException("PaymentApi has no public " + name);
      }
      Matcher body = Pattern.compile("(\\w+) body\\b").matcher(signature.group(2));
      operations.add(
          new SdkOperation(
              name,
              api.file(),
              httpMethod,
              call.group(3),
              body.find() ? sdk.type(body.group(1), api, Map.of()) : null,
              null,
              sdk.type(signature.group(1), api, Map.of())));
    }
    return operations;
  }
}

package io.ichido.sandbox;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code application/x-www-form-urlencoded}, as Stripe and Omise take it: bracketed names such as
 * {@code metadata[order_id]} stay flat keys.
 */
final class Form {

  private Form() {}

  static Map<String, String> parse(String encoded) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (encoded == null || encoded.isBlank()) {
      return fields;
    }
    for (String pair : encoded.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair : pair.substring(0, eq);
      String value = eq < 0 ? "" : pair.substring(eq + 1);
      fields.put(decode(name), decode(value));
    }
    return fields;
  }

  /** The fields {@code prefix[name]} as {@code name -> value}. */
  static Map<String, String> nested(Map<String, String> fields, String prefix) {
    Map<String, String> nested = new TreeMap<>();
    String start = prefix + "[";
    fields.forEach(
        (name, value) -> {
          if (name.startsWith(start) && name.endsWith("]")) {
            nested.put(name.substring(start.length(), name.length() - 1), value);
          }
        });
    return nested;
  }

  /** Order-independent, so that the same parameters sent in another order still match. */
  static String canonical(Map<String, String> fields) {
    return new TreeMap<>(fields).toString();
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }
}

package io.ichido.idempotency.boundary;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@link CanonicalJson} as it was before it was rewritten to stream: copied verbatim (only renamed)
 * so that {@code CanonicalJsonEquivalenceTest} can prove the rewrite produces the same text. The
 * payment log's stored hashes depend on that text, so this copy stays as long as the test does.
 */
final class LegacyCanonicalJson {

  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private LegacyCanonicalJson() {}

  /** The canonical text, or empty when the bytes are not one well-formed JSON value. */
  static Optional<String> of(byte[] json) {
    try (JsonParser parser = FACTORY.createParser(json)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        return Optional.empty();
      }
      StringBuilder out = new StringBuilder(json.length);
      write(parser, first, out);
      if (parser.nextToken() != null) {
        return Optional.empty();
      }
      return Optional.of(out.toString());
    } catch (IOException malformed) {
      return Optional.empty();
    }
  }

  private static void write(JsonParser parser, JsonToken token, StringBuilder out)
      throws IOException {
    switch (token) {
      case START_OBJECT -> {
        Map<String, String> members = new TreeMap<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_OBJECT; t = parser.nextToken()) {
          String name = parser.currentName();
          StringBuilder value = new StringBuilder();
          write(parser, parser.nextToken(), value);
          members.put(name, value.toString());
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, String> member : members.entrySet()) {
          if (!first) {
            out.append(',');
          }
          first = false;
          quote(member.getKey(), out);
          out.append(':').append(member.getValue());
        }
        out.append('}');
      }
      case START_ARRAY -> {
        List<String> items = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
          StringBuilder item = new StringBuilder();
          write(parser, t, item);
          items.add(item.toString());
        }
        out.append('[').append(String.join(",", items)).append(']');
      }
      case VALUE_STRING -> quote(parser.getText(), out);
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> out.append(parser.getText());
      case VALUE_TRUE -> out.append("true");
      case VALUE_FALSE -> out.append("false");
      case VALUE_NULL -> out.append("null");
      default -> throw new IOException("Unexpected token " + token);
    }
  }

  private static void quote(String text, StringBuilder out) {
    out.append('"');
    out.append(JsonStringEncoder.getInstance().quoteAsString(text));
    out.append('"');
  }
}

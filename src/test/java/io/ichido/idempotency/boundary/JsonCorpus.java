package io.ichido.idempotency.boundary;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * Documents to compare two canonicalisers on: hand-picked edge cases, seeded random documents in
 * every shape JSON allows, broken variants of them, and entries like the payment log's. Seeded, so
 * a failure names a document that can be reproduced.
 */
final class JsonCorpus {

  /** Characters that stress escaping, key order (UTF-16 against code point) and UTF-8. */
  private static final String[] PIECES = {
    "a",
    "b",
    "z",
    "A",
    "0",
    " ",
    "/",
    "\\/",
    "\\\"",
    "\\\\",
    "\\n",
    "\\t",
    "\\b",
    "\\f",
    "\\r",
    "\\u0000",
    "\\u001f",
    "\\u001F",
    "\\u007f",
    "\u007f",
    "\\u00e9",
    "é",
    "日本",
    "\\u65e5",
    "\ud83d\ude00",
    "\\ud83d\\ude00",
    "\\uD83D\\uDE00",
    "\\ud800",
    "\\udc00",
    "\\udc00\\ud800",
    "\uffff",
    "\\uffff",
    "\u2028",
    "\\u2028",
    "'",
    "<",
    "&",
    "\u00a0",
    ""
  };

  private static final String[] NUMBERS = {
    "0",
    "-0",
    "1",
    "-1",
    "1.0",
    "1.50",
    "1e0",
    "1E+2",
    "-1e-2",
    "0.000001",
    "123456789012345678901",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "1.7976931348623157e309",
    "4.9e-325",
    "3.141592653589793238462643383279"
  };

  private static final String[] EDGE_CASES = {
    "",
    " ",
    "\n\t ",
    "null",
    "true",
    "false",
    "0",
    "-0.0e-0",
    "\"\"",
    "\"x\"",
    "[]",
    "{}",
    "[[]]",
    "{\"\":{}}",
    "{\"a\":1,\"A\":2,\"_\":3,\"\":4}",
    "{\"b\":1,\"a\":2}",
    "[1,2]",
    "[2,1]",
    "{\"a\":1,\"ab\":2,\"a\\u0000\":3}",
    "{\"\uffff\":1,\"\ud83d\ude00\":2,\"\\ue000\":3}",
    "{\"\\u0061\":1}",
    "{\"a\":1,\"\\u0061\":2}",
    "{\"a\":1,\"a\":2}",
    "{\"a\":{\"b\":1,\"b\":2}}",
    "[{\"a\":1},{\"a\":1}]",
    "{\"a\":",
    "{\"a\":1} {\"b\":2}",
    "{\"a\":1}x",
    "[1,]",
    "{\"a\":1,}",
    "[01]",
    "[1.]",
    "[.5]",
    "[+1]",
    "[NaN]",
    "[Infinity]",
    "['a']",
    "{a:1}",
    "/*c*/[1]",
    "[1]//c",
    "\"\u0001\"",
    "\"tab\there\"",
    "[\"\\x\"]",
    "[\"\\u12\"]",
    "{\"a\" 1}",
    "[1 2]",
    "[true false]",
    "[nul]",
    "]",
    "}",
    "{\"a\":[}",
    "[{]",
    "\"abc",
    "[\"a\",]",
    "{\"a\":1}\n",
    "  [ 1 , { } ]  ",
    "\ufeff[1]",
    "[1]\u0000",
    "{\"k\":\"" + "v".repeat(5000) + "\"}",
    "[" + "9".repeat(1001) + "]",
    "[" + "9".repeat(1000) + "]",
    "[-" + "1".repeat(999) + ".5e-7]"
  };

  private static final ObjectMapper JACKSON = new ObjectMapper();

  private final Random random;

  /** Values left for the document being generated: keeps deep documents from growing wide too. */
  private int budget;

  private JsonCorpus(long seed) {
    random = new Random(seed);
  }

  /** Every document of the corpus, the broken ones included. */
  static List<byte[]> documents() {
    List<byte[]> documents = new ArrayList<>();
    for (String edge : EDGE_CASES) {
      documents.add(utf8(edge));
    }
    for (int depth : new int[] {64, 65, 500, 999, 1000, 1001}) {
      documents.add(utf8("[".repeat(depth) + "]".repeat(depth)));
      documents.add(utf8("{\"z\":1,\"a\":".repeat(depth) + "[]" + "}".repeat(depth)));
    }
    documents.addAll(invalidUtf8());
    documents.addAll(otherEncodings());
    documents.addAll(paymentLogEntries());
    JsonCorpus generator = new JsonCorpus(20261130L);
    for (int i = 0; i < 3000; i++) {
      String document = generator.document();
      documents.add(utf8(document));
      documents.add(utf8(generator.mutate(document)));
      if (i % 100 == 0) {
        for (int end = 0; end < Math.min(document.length(), 200); end++) {
          documents.add(utf8(document.substring(0, end)));
        }
      }
    }
    for (int i = 0; i < 300; i++) {
      documents.add(utf8(generator.wideObject()));
    }
    documents.addAll(generator.bigObjects());
    return documents;
  }

  /** Thousands of members whose names sort only on late, high or absent characters. */
  private List<byte[]> bigObjects() {
    String[] stems = {"k", "kkkkkkkkkkkkkkkkkkkkkkkk", "日本語", "\\u8000\\u7fff", "x\\u0000"};
    List<byte[]> documents = new ArrayList<>();
    for (String stem : stems) {
      for (int size : new int[] {20, 3000, 9000}) {
        List<String> members = new ArrayList<>();
        for (int i = 0; i < size; i++) {
          String tail =
              switch (i % 4) {
                case 0 -> Integer.toString(i, 36);
                case 1 -> "\\u0000".repeat(i % 9) + (i < 36 ? "" : Integer.toString(i, 36));
                case 2 -> "\\u" + String.format("%04x", 0x8000 + i % 0x7FFF) + i;
                default -> Integer.toString(i, 36) + "\\uffff";
              };
          members.add("\"" + stem + tail + "\":" + i);
        }
        java.util.Collections.shuffle(members, random);
        documents.add(utf8("{" + String.join(",", members) + "}"));
        members.add(members.get(random.nextInt(members.size())).replaceAll(":\\d+$", ":0"));
        java.util.Collections.shuffle(members, random);
        documents.add(utf8("{" + String.join(",", members) + "}"));
      }
    }
    return documents;
  }

  /** Names alike for a long stretch, prefixes of each other, far apart in UTF-16, or repeated. */
  private String wideObject() {
    String[] stems = {
      "", "k", "kkkkkkkkkkkkkkkkkkkkkk", "\\u0000", "\\uffff\\ud83d", "é日", "a\\u0000", "\uffff"
    };
    String stem = stems[random.nextInt(stems.length)];
    int size = 2 + random.nextInt(random.nextBoolean() ? 40 : 400);
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < size; i++) {
      out.append(i == 0 ? "" : ",").append('"').append(stem);
      int tail = random.nextInt(random.nextInt(200) == 0 ? 3 * size : 1_000_000);
      out.append(
          switch (random.nextInt(4)) {
            case 0 -> Integer.toString(tail, 36);
            case 1 -> Integer.toString(tail, 36) + stem;
            case 2 -> PIECES[tail % PIECES.length] + stem + Integer.toString(tail / 39, 36);
            default -> "\\u" + String.format("%04x", tail % 0x10000) + (tail / 7);
          });
      out.append("\":").append(random.nextBoolean() ? "{\"b\":1,\"a\":[]}" : Integer.toString(i));
    }
    return out.append('}').toString();
  }

  /** A random well-formed document (unless a duplicate key slipped in), with random spacing. */
  private String document() {
    StringBuilder out = new StringBuilder();
    budget = random.nextInt(300);
    value(out, random.nextInt(10) == 0 ? 80 : 6);
    return space() + out + space();
  }

  private void value(StringBuilder out, int depth) {
    int kind = depth <= 0 || --budget <= 0 ? 3 + random.nextInt(5) : random.nextInt(8);
    switch (kind) {
      case 0, 1 -> object(out, depth - 1);
      case 2 -> array(out, depth - 1);
      case 3, 4 -> string(out);
      case 5 -> out.append(NUMBERS[random.nextInt(NUMBERS.length)]);
      case 6 -> out.append(random.nextBoolean() ? "true" : "false");
      default -> out.append("null");
    }
  }

  private void object(StringBuilder out, int depth) {
    int size = random.nextInt(4) == 0 ? random.nextInt(60) : random.nextInt(5);
    out.append('{').append(space());
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        out.append(',').append(space());
      }
      // Short names collide now and then: a duplicate makes the document one both must refuse.
      string(out);
      out.append(space()).append(':').append(space());
      value(out, depth);
      out.append(space());
    }
    out.append('}');
  }

  private void array(StringBuilder out, int depth) {
    int size = random.nextInt(6);
    out.append('[').append(space());
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        out.append(',').append(space());
      }
      value(out, depth);
      out.append(space());
    }
    out.append(']');
  }

  private void string(StringBuilder out) {
    out.append('"');
    int pieces = random.nextInt(4);
    for (int i = 0; i < pieces; i++) {
      out.append(PIECES[random.nextInt(PIECES.length)]);
    }
    out.append('"');
  }

  private String space() {
    return switch (random.nextInt(6)) {
      case 0 -> " ";
      case 1 -> "\n  ";
      case 2 -> "\t";
      case 3 -> "\r\n";
      default -> "";
    };
  }

  /** The document with one character deleted, doubled or replaced by a structural one. */
  private String mutate(String document) {
    if (document.isEmpty()) {
      return "{";
    }
    int at = random.nextInt(document.length());
    String structurals = "{}[],:\"\\ 0-e.";
    String structural = String.valueOf(structurals.charAt(random.nextInt(structurals.length())));
    return switch (random.nextInt(3)) {
      case 0 -> document.substring(0, at) + document.substring(at + 1);
      case 1 -> document.substring(0, at + 1) + document.substring(at);
      default -> document.substring(0, at) + structural + document.substring(at + 1);
    };
  }

  private static List<byte[]> invalidUtf8() {
    List<byte[]> documents = new ArrayList<>();
    for (String hex : new String[] {"ff", "c0af", "e282", "eda080", "f4908080", "80", "c3"}) {
      byte[] bad = HexFormat.of().parseHex(hex);
      byte[] document = new byte[bad.length + 9];
      System.arraycopy(utf8("{\"a\":\""), 0, document, 0, 6);
      System.arraycopy(bad, 0, document, 6, bad.length);
      System.arraycopy(utf8("\"}"), 0, document, 6 + bad.length, 2);
      document[document.length - 1] = ' ';
      documents.add(document);
      byte[] inName = document.clone();
      inName[2] = bad[0];
      documents.add(inName);
    }
    return documents;
  }

  /** Jackson detects UTF-16 and UTF-32 by byte-order marks and zero bytes, and reads them. */
  private static List<byte[]> otherEncodings() {
    List<byte[]> documents = new ArrayList<>();
    for (String json :
        new String[] {"{\"b\":\"é\",\"a\":[1,2.0]}", "1", "\"x\"", "[]", "{\"a\":1"}) {
      for (String charset :
          new String[] {"UTF-16BE", "UTF-16LE", "UTF-16", "UTF-32BE", "UTF-32LE"}) {
        documents.add(json.getBytes(java.nio.charset.Charset.forName(charset)));
      }
      byte[] utf8 = utf8(json);
      byte[] withBom = new byte[utf8.length + 3];
      withBom[0] = (byte) 0xEF;
      withBom[1] = (byte) 0xBB;
      withBom[2] = (byte) 0xBF;
      System.arraycopy(utf8, 0, withBom, 3, utf8.length);
      documents.add(withBom);
    }
    documents.add(new byte[] {0, '1'});
    documents.add(new byte[] {'1', 0});
    documents.add(new byte[] {(byte) 0xFE, (byte) 0xFF});
    documents.add(new byte[] {(byte) 0xFF, (byte) 0xFE, '1', 0});
    return documents;
  }

  /** Shaped like the log's entries: what EntryHash canonicalises, written by Jackson. */
  private static List<byte[]> paymentLogEntries() {
    List<byte[]> documents = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ObjectNode entry = JACKSON.createObjectNode();
      entry.put("seq", 800L + i);
      entry.put("loggedAt", "2026-10-31T05:12:09.4182" + i + "Z");
      entry.put("kind", i % 2 == 0 ? "ORDER_STATUS_CHANGED" : "IDEMPOTENT_REPLAY");
      entry.put("orderId", i % 3 == 0 ? null : Long.valueOf(40 + i));
      entry.put("counterparty", "佐藤 花子 \"Hanako\" \\ " + i);
      entry.put("amount", 5672L * i);
      entry.put("currency", "JPY");
      entry.putNull("gateway");
      entry.put("actor", "principal:shop-a");
      entry.putObject("details").put("from", "AWAITING_PAYMENT").put("reason", "paid\tat komoju");
      entry.putArray("tax").addObject().put("rate", 8).put("taxable", 2400).put("tax", 192.0);
      entry.put("prevHash", "9f".repeat(32));
      try {
        documents.add(JACKSON.writeValueAsBytes(entry));
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    return documents;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}

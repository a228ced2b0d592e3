package io.ichido.payments.gateway.sdk;

import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/** What an SDK says a JSON value is, read from the Java type of the field that holds it. */
public sealed interface SdkType {

  /** The JSON kinds a scalar Java type stands for. */
  enum Kind {
    STRING,
    /** A string the SDK parses as a date-time ({@code ZonedDateTime} and the like). */
    DATE_TIME,
    /** A whole number that fits a {@code long}. */
    INT64,
    /** A whole number that fits an {@code int}. */
    INT32,
    NUMBER,
    BOOLEAN,
    /** {@code Object}: anything at all. */
    ANY
  }

  /** A scalar; {@code primitive} when its Java type is one, which holds no null. */
  record Scalar(Kind kind, boolean primitive) implements SdkType {}

  /** A Java enum: a string among the words the SDK knows. */
  record Choice(String name, Set<String> values) implements SdkType {}

  record ListOf(SdkType element) implements SdkType {}

  /** A Java map: an object with any keys. */
  record MapOf(SdkType value) implements SdkType {}

  /** A class whose source is not kept: accepted as it comes, and counted as not looked into. */
  record Unkept(String javaType) implements SdkType {}

  /**
   * A model class, an object of named fields. Its fields are read when first asked for, since
   * models refer to one another.
   */
  final class Model implements SdkType {

    private final String name;
    private final String file;
    private final Supplier<Map<String, SdkField>> reader;
    private Map<String, SdkField> fields;

    Model(String name, String file, Supplier<Map<String, SdkField>> reader) {
      this.name = name;
      this.file = file;
      this.reader = reader;
    }

    /** The class as the SDK names it, with its type arguments: {@code Event<Charge>}. */
    public String name() {
      return name;
    }

    /** The SDK file that declares it, relative to the kept SDK's directory. */
    public String file() {
      return file;
    }

    /** By JSON name, inherited ones first. */
    public synchronized Map<String, SdkField> fields() {
      if (fields == null) {
        fields = Map.copyOf(reader.get());
      }
      return fields;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * One field of a model: its JSON name and type, and what the SDK's validation annotations ask of
   * a request ({@code @NotNull}/{@code @NotEmpty}, {@code @Size(max = n)}).
   */
  record SdkField(String name, SdkType type, boolean required, int maxLength) {}
}

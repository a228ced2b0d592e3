package io.ichido.sandbox;

import java.util.Arrays;
import java.util.Locale;

/** The control API's names for enum constants: the constant's name in lowercase. */
final class WireNames {

  private WireNames() {}

  static String of(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT);
  }

  /** The constant named {@code name}; what it is and the known names in the error otherwise. */
  static <E extends Enum<E>> E parse(Class<E> type, String name, String what) {
    E[] constants = type.getEnumConstants();
    return Arrays.stream(constants)
        .filter(constant -> of(constant).equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Unknown "
                        + what
                        + " "
                        + name
                        + "; known: "
                        + Arrays.stream(constants).map(WireNames::of).toList()));
  }
}

package io.ichido.sandbox;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/** How a request misbehaves. */
enum FaultMode {
  RESET(true),
  HTTP500(true),
  HTTP503(true),
  HTTP429(true),
  TIMEOUT(true),
  /** The charge is made, then the answer is lost: the case idempotency keys exist for. */
  DROP(false),
  DELAY(false);

  private final boolean beforeProcessing;

  FaultMode(boolean beforeProcessing) {
    this.beforeProcessing = beforeProcessing;
  }

  boolean beforeProcessing() {
    return beforeProcessing;
  }

  boolean holds() {
    return this == TIMEOUT || this == DELAY;
  }

  @JsonValue
  String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  static FaultMode fromWire(String name) {
    return Arrays.stream(values())
        .filter(mode -> mode.wireName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Unknown fault mode "
                        + name
                        + "; known: "
                        + Arrays.stream(values()).map(FaultMode::wireName).toList()));
  }
}

package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.LoggedEntry;
import io.ichido.platform.control.Sha256;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EntryHashTest {

  private static final String PREVIOUS =
      "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

  private static final LoggedEntry ENTRY =
      new LoggedEntry(
          42,
          Instant.parse("2026-11-30T01:02:03.123456Z"),
          "GATEWAY_ANSWERED",
          7L,
          "山田太郎",
          5672L,
          "JPY",
          "stripe",
          "pi_1",
          "pay-1",
          "SUCCEEDED",
          "principal:shop-a",
          "{\"attempt\":1}",
          "[{\"rate\":10,\"tax\":516}]",
          null,
          PREVIOUS,
          "not hashed");

  /**
   * What an auditor recomputes from an export: every field but the hash, names sorted, no spaces,
   * nulls kept, details and tax as JSON strings holding their canonical text.
   */
  private static final String CANONICAL =
      "{\"actor\":\"principal:shop-a\",\"amount\":5672,\"chargeId\":\"pi_1\",\"corrects\":null,"
          + "\"counterparty\":\"山田太郎\",\"currency\":\"JPY\",\"details\":\"{\\\"attempt\\\":1}\","
          + "\"gateway\":\"stripe\",\"idempotencyKey\":\"pay-1\",\"kind\":\"GATEWAY_ANSWERED\","
          + "\"loggedAt\":\"2026-11-30T01:02:03.123456Z\",\"orderId\":7,\"prevHash\":\""
          + PREVIOUS
          + "\",\"seq\":42,\"status\":\"SUCCEEDED\",\"tax\":\"[{\\\"rate\\\":10,\\\"tax\\\":516}]\"}";

  /** {@code printf '%s' "$CANONICAL" | sha256sum}, computed outside Java. */
  private static final String EXPECTED =
      "9aeec45640108ca2d3c4cc7107b572f9c8cbc40c75a58a1b2b6cc5953c2b343c";

  @Test
  @DisplayName("a known entry hashes to the SHA-256 of its canonical form, computed independently")
  void knownEntry() {
    assertThat(Sha256.hex(CANONICAL)).as("the canonical form written down").isEqualTo(EXPECTED);
    assertThat(EntryHash.of(ENTRY)).isEqualTo(EXPECTED);
  }

  @Test
  @DisplayName("two entries differing only in the predecessor's hash hash differently")
  void chainedToItsPredecessor() {
    LoggedEntry afterAnother = with(ENTRY, "prevHash", EntryHash.GENESIS);

    assertThat(EntryHash.of(afterAnother)).isNotEqualTo(EntryHash.of(ENTRY));
  }

  @Test
  @DisplayName("the entry's own hash is not part of what is hashed")
  void ownHashLeftOut() {
    assertThat(EntryHash.of(with(ENTRY, "hash", "something else"))).isEqualTo(EXPECTED);
  }

  /** Every field of an entry but its own hash: a new field must be hashed, or this fails. */
  static Stream<String> hashedFields() {
    return Arrays.stream(LoggedEntry.class.getRecordComponents())
        .map(RecordComponent::getName)
        .filter(name -> !name.equals("hash"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hashedFields")
  @DisplayName("changing any one hashed field changes the hash")
  void everyFieldCounts(String field) {
    LoggedEntry changed = with(ENTRY, field, otherValue(read(ENTRY, field)));

    assertThat(EntryHash.of(changed)).isNotEqualTo(EXPECTED);
  }

  private static Object otherValue(Object value) {
    if (value == null) {
      return 1L;
    }
    if (value instanceof Long number) {
      return number + 1;
    }
    if (value instanceof Instant instant) {
      return instant.plusNanos(1_000);
    }
    return value + "x";
  }

  private static int index(String field) {
    RecordComponent[] components = LoggedEntry.class.getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(field)) {
        return i;
      }
    }
    throw new IllegalArgumentException("LoggedEntry has no " + field);
  }

  private static Object read(LoggedEntry entry, String field) {
    try {
      return LoggedEntry.class.getRecordComponents()[index(field)].getAccessor().invoke(entry);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The same entry with one field replaced. */
  private static LoggedEntry with(LoggedEntry entry, String field, Object value) {
    RecordComponent[] components = LoggedEntry.class.getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      values[i] =
          components[i].getName().equals(field) ? value : read(entry, components[i].getName());
    }
    try {
      return LoggedEntry.class.getDeclaredConstructor(types).newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}

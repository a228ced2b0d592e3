package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LoggedEntry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class NewEntryTest {

  private static final Instant AT = Instant.parse("2026-11-30T01:02:03.123456Z");

  /** A fact with a value in every field but {@code corrects}, details nested and in Japanese. */
  static NewEntry.Builder everyField() {
    return NewEntry.of(LogKind.GATEWAY_ANSWERED)
        .order(7L)
        .counterparty("山田太郎")
        .money(5672L, "JPY")
        .gateway("stripe")
        .charge("pi_1")
        .key("pay-1")
        .status("SUCCEEDED")
        .actor("principal:shop-a")
        .detail("zeta", "ご注文 \"quoted\" \n")
        .detail("attempt", 1)
        .detail("nested", Map.of("b", List.of(1.5, 2), "a", true))
        .detail("absent", null)
        .tax(List.of(Map.of("rate", 10, "tax", 516L), Map.of("rate", 8, "tax", 40L)));
  }

  /**
   * The hashes are what the log computed for these facts before an entry had one record type
   * (LogEntry, PendingFact, LoggedEntry): chains and checkpoints signed then must still verify.
   */
  @Test
  @DisplayName("a fact chained today hashes to the bytes it hashed to before the row had one type")
  void sameHashAsBefore() {
    LoggedEntry full = everyField().corrects(3L).build();
    LoggedEntry bare = NewEntry.of(LogKind.ORDER_CREATED).build();

    assertThat(LogChain.chained(42, AT, full, EntryHash.GENESIS).hash())
        .isEqualTo("c9469adf5077b7f4d808049c167582808e5bea5ab7080c6101613782679ae8b6");
    assertThat(
            LogChain.chained(1, Instant.parse("2026-11-30T01:02:03Z"), bare, EntryHash.GENESIS)
                .hash())
        .isEqualTo("6ceadfb0179cf83c7c0851a92a82881facd50b11440e2b6ca01340da17a402dd");
  }

  @Test
  @DisplayName("a new fact has no place yet: seq 0, no time, no hashes; details canonical JSON")
  void notYetPlaced() {
    LoggedEntry fact =
        NewEntry.of(LogKind.AUDIT_QUERY)
            .detail("b", 2)
            .detail("a", "x")
            .detail("none", null)
            .build();

    assertThat(fact.seq()).isZero();
    assertThat(fact.loggedAt()).isNull();
    assertThat(fact.prevHash()).isNull();
    assertThat(fact.hash()).isNull();
    assertThat(fact.kind()).isEqualTo("AUDIT_QUERY");
    assertThat(fact.details()).isEqualTo("{\"a\":\"x\",\"b\":2}");
    assertThat(fact.tax()).isNull();
  }
}

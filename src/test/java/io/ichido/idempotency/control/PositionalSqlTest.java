package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Numbered parameters made into JDBC's, each use in its place. */
class PositionalSqlTest {

  @Test
  @DisplayName("each ?N becomes ?, in order, a number used twice bound twice")
  void numberedToPositional() {
    PositionalSql sql = PositionalSql.of("SELECT ?1, ?10 WHERE a = ?2 OR b = ?1 AND c::text = '?'");

    assertThat(sql.jdbc()).isEqualTo("SELECT ?, ? WHERE a = ? OR b = ? AND c::text = '?'");
    assertThat(sql.order()).containsExactly(1, 10, 2, 1);
  }

  @Test
  @DisplayName("the claim and the completion: every parameter they name is bound")
  void theLayersStatements() {
    PositionalSql claim = PositionalSql.of(IdempotencyKeys.CLAIM);
    PositionalSql complete = PositionalSql.of(IdempotencyKeys.COMPLETE);

    assertThat(claim.order()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3);
    assertThat(complete.order()).containsExactly(1, 2, 3, 4, 8, 5, 6, 7);
    assertThat(claim.jdbc()).doesNotContainPattern("\\?[0-9]");
  }
}

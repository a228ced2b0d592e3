package io.ichido.idempotency.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The payment log's stored hashes are SHA-256 of {@link CanonicalJson}'s text: the form must not
 * change for any input it ever accepted. {@link LegacyCanonicalJson} is the implementation those
 * hashes were made with.
 */
class CanonicalJsonEquivalenceTest {

  private static final List<byte[]> CORPUS = JsonCorpus.documents();

  @Test
  @DisplayName("the same canonical text as the implementation the stored hashes were made with")
  void sameTextAsBefore() {
    int accepted = 0;
    for (byte[] document : CORPUS) {
      Optional<String> before = LegacyCanonicalJson.of(document);
      assertThat(CanonicalJson.of(document))
          .as(() -> new String(document, StandardCharsets.UTF_8))
          .isEqualTo(before);
      accepted += before.isPresent() ? 1 : 0;
    }
    // The corpus must exercise both roads, or the comparison proves little.
    assertThat(accepted).isBetween(CORPUS.size() / 3, CORPUS.size() * 9 / 10);
  }
}

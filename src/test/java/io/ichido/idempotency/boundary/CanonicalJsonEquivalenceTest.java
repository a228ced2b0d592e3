package io.ichido.idempotency.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
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

  /** What the old implementation made of each document of the corpus. */
  private static final List<Optional<String>> BEFORE =
      CORPUS.stream().map(LegacyCanonicalJson::of).toList();

  @Test
  @DisplayName("the same canonical text as the implementation the stored hashes were made with")
  void sameTextAsBefore() {
    int accepted = 0;
    for (int i = 0; i < CORPUS.size(); i++) {
      byte[] document = CORPUS.get(i);
      Optional<String> before = BEFORE.get(i);
      assertThat(CanonicalJson.of(document))
          .as(() -> new String(document, StandardCharsets.UTF_8))
          .isEqualTo(before);
      accepted += before.isPresent() ? 1 : 0;
    }
    // The corpus must exercise both roads, or the comparison proves little.
    assertThat(accepted).isBetween(CORPUS.size() / 3, CORPUS.size() * 9 / 10);
  }

  @Test
  @DisplayName("the streamed UTF-8 is what the hashes were made of: the text's String.getBytes")
  void sameBytesAsBefore() throws Exception {
    for (int i = 0; i < CORPUS.size(); i++) {
      byte[] document = CORPUS.get(i);
      Optional<String> before = BEFORE.get(i);
      Optional<CanonicalJson> now = CanonicalJson.parse(document, Integer.MAX_VALUE);
      assertThat(now.isPresent()).isEqualTo(before.isPresent());
      if (before.isPresent()) {
        MessageDigest streamed = MessageDigest.getInstance("SHA-256");
        now.get().writeUtf8To(streamed);
        assertThat(HexFormat.of().formatHex(streamed.digest()))
            .as(before.get())
            .isEqualTo(
                HexFormat.of()
                    .formatHex(
                        MessageDigest.getInstance("SHA-256")
                            .digest(before.get().getBytes(StandardCharsets.UTF_8))));
      }
    }
  }
}

package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The verdict on the hash chain: intact, or where it first breaks and why. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChainReport(
    boolean intact, long entries, String lastHash, Long firstBrokenSeq, String problem) {

  public static ChainReport intact(long entries, String lastHash) {
    return new ChainReport(true, entries, lastHash, null, null);
  }

  public static ChainReport broken(long checked, long seq, String problem) {
    return new ChainReport(false, checked, null, seq, problem);
  }
}

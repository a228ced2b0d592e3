package io.ichido.audit.control;

import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.LoggedEntry;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Walks the chain in sequence order and names the first entry that does not hold. */
final class LogVerifier {

  private LogVerifier() {}

  static ChainReport verify(ResultSet rows) throws SQLException {
    long expectedSeq = 1;
    String prevHash = EntryHash.GENESIS;
    long checked = 0;
    while (rows.next()) {
      LoggedEntry entry = LogRows.read(rows);
      if (entry.seq() != expectedSeq) {
        return ChainReport.broken(
            checked,
            expectedSeq,
            "entry " + expectedSeq + " is missing (the next one is " + entry.seq() + ")");
      }
      if (!entry.prevHash().equals(prevHash)) {
        return ChainReport.broken(
            checked, entry.seq(), "its previous-hash does not match entry " + (entry.seq() - 1));
      }
      if (!EntryHash.of(entry).equals(entry.hash())) {
        return ChainReport.broken(
            checked, entry.seq(), "its content does not match its hash: it was changed");
      }
      prevHash = entry.hash();
      expectedSeq++;
      checked++;
    }
    return ChainReport.intact(checked, checked == 0 ? null : prevHash);
  }
}

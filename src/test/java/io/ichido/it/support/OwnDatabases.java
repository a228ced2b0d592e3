package io.ichido.it.support;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The charges that servers on databases of their own ({@link ServersOfItsOwn}) asked the gateways
 * for, as those databases recorded them before each call: the books after the run leave them out,
 * since the build's database has no order for them. A class notes its database's charges when it
 * ends, before it lets the database go; the books are read after every such class has ended.
 */
public final class OwnDatabases {

  /** {@code "<gateway> <id>"}, for every id a gateway may know a charge by. */
  private static final Set<String> CHARGES = ConcurrentHashMap.newKeySet();

  private OwnDatabases() {}

  /**
   * Notes every charge attempt of the database behind {@code connection}: its gateway's charge id,
   * the reference and the key it was sent with, whichever the gateway's ledger names it by.
   */
  public static void noteCharges(Connection connection) throws SQLException {
    try (Statement sql = connection.createStatement();
        ResultSet attempts =
            sql.executeQuery(
                "SELECT gateway, gateway_charge_id, gateway_reference, gateway_key"
                    + " FROM charge_attempt")) {
      while (attempts.next()) {
        for (int column = 2; column <= 4; column++) {
          String id = attempts.getString(column);
          if (id != null) {
            CHARGES.add(attempts.getString(1) + " " + id);
          }
        }
      }
    }
  }

  /**
   * Whether a server on a database of its own made the charge {@code gateway} knows by any of
   * these.
   */
  public static boolean made(String gateway, String... ids) {
    for (String id : ids) {
      if (id != null && !id.isEmpty() && CHARGES.contains(gateway + " " + id)) {
        return true;
      }
    }
    return false;
  }
}

package io.ichido.audit.boundary;

import io.ichido.audit.control.NewEntry;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.entity.LogKind;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/** Every call of the audit API is itself logged: who asked, for what. */
final class AuditQueries {

  private AuditQueries() {}

  static void logged(PaymentLog log, SecurityContext security, UriInfo uri, String action) {
    log.recordAlone(
        NewEntry.of(LogKind.AUDIT_QUERY)
            .actor(caller(security))
            .status("OK")
            .detail("action", action)
            .detail("query", uri.getRequestUri().getRawQuery())
            .build());
  }

  static String caller(SecurityContext security) {
    return security.getUserPrincipal() == null ? null : security.getUserPrincipal().getName();
  }
}

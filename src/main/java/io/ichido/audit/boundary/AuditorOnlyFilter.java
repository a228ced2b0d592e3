package io.ichido.audit.boundary;

import io.ichido.audit.control.NewEntry;
import io.ichido.audit.control.NotAnAuditor;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.entity.LogKind;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;

/**
 * The web container lets any authenticated caller reach the audit API, so that a refusal happens
 * here, where it can be logged: who tried, what they asked for.
 */
@Provider
@AuditorOnly
@Priority(Priorities.AUTHORIZATION)
public class AuditorOnlyFilter implements ContainerRequestFilter {

  static final String ROLE = "auditor";

  @Inject PaymentLog log;

  @Override
  public void filter(ContainerRequestContext request) {
    SecurityContext security = request.getSecurityContext();
    if (security != null && security.isUserInRole(ROLE)) {
      return;
    }
    Principal caller = security == null ? null : security.getUserPrincipal();
    log.recordAlone(
        NewEntry.of(LogKind.AUDIT_ACCESS_DENIED)
            .actor(caller == null ? "anonymous" : caller.getName())
            .status("FORBIDDEN")
            .detail("method", request.getMethod())
            .detail("path", "/" + request.getUriInfo().getPath())
            .detail("query", request.getUriInfo().getRequestUri().getRawQuery())
            .build());
    throw new NotAnAuditor();
  }
}

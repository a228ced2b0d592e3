package io.ichido.it.idempotency.standalone;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** A team's own JAX-RS application, knowing nothing of Ichido but the jar it added. */
@ApplicationPath("api")
public class LedgerApplication extends Application {}

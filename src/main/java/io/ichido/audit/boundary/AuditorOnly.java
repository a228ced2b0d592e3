package io.ichido.audit.boundary;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Only the {@code auditor} role passes; every refusal is itself written to the payment log. */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AuditorOnly {

  /** The refusal, as an operation's {@code @APIResponse} describes it. */
  String REFUSED =
      "`https://ichido.dev/problems/forbidden`: the caller is not an auditor (the refusal is logged)";
}

package io.ichido.payments.control;

import java.io.Serial;

/**
 * The gateway answered, but with a status we do not know (one it never documented, or one it added
 * since): charged or not, its words do not say. Read as no answer, never as a decline: the attempt
 * stays in doubt and is reconciled, so a new key cannot charge a second time while the first
 * payment may stand. Not sent again within the request ({@link GatewayCalls} aborts on it): the
 * gateway would say the same word.
 */
public class UnheardWord extends GatewayUnavailable {
  @Serial private static final long serialVersionUID = 1L;

  public UnheardWord(String gateway, String what, String word) {
    super(gateway, what + " '" + word + "', which " + gateway + " never documented", null);
  }
}

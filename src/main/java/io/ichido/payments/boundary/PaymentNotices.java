package io.ichido.payments.boundary;

import io.ichido.payments.control.GatewayConfigCheck;
import io.ichido.payments.control.GatewayHints;
import io.ichido.payments.control.GatewayNotices;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.NoticeEffect;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What payments offers the webhooks capability: whether a gateway's deliveries may be trusted at
 * all, and the one way a gateway's notice changes a charge of ours.
 */
@ApplicationScoped
public class PaymentNotices {

  @Inject GatewayConfigCheck check;
  @Inject GatewayNotices notices;
  @Inject GatewayHints hints;

  /**
   * Enabled and safely configured (see {@link GatewayConfigCheck}): otherwise no signature could be
   * trusted.
   */
  public boolean accepts(String gateway) {
    return check.usable(gateway);
  }

  /** Applies the notice in the caller's transaction. */
  public NoticeEffect apply(GatewayNotice notice) {
    return notices.apply(notice);
  }

  /**
   * An unsigned delivery named this charge (by its id or our gateway key): the charge is read back
   * from the gateway, and only the gateway's answer is applied. Outside any transaction.
   */
  public NoticeEffect hinted(String gateway, String chargeId) {
    return hints.hinted(gateway, chargeId);
  }
}

package io.ichido.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.concurrent.Callable;

/**
 * The one transaction of a delivery: the event's effects and the completion of its key commit
 * together, and any exception, checked ones included, rolls both back.
 */
@ApplicationScoped
public class WebhookTransactions {

  @Transactional(value = TxType.REQUIRED, rollbackOn = Exception.class)
  public <T> T required(Callable<T> work) throws Exception {
    return work.call();
  }
}

package io.ichido.idempotency.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.concurrent.Callable;

/** Runs work inside a container-managed transaction that rolls back on any exception. */
@ApplicationScoped
public class Transactions {

  @Transactional(value = TxType.REQUIRED, rollbackOn = Exception.class)
  public <T> T required(Callable<T> work) throws Exception {
    return work.call();
  }
}

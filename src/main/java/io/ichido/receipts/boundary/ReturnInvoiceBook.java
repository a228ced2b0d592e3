package io.ichido.receipts.boundary;

import io.ichido.payments.boundary.ReturnInvoices;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.Comparator;
import java.util.Optional;

/** The return invoices receipts issued, for a refund's answer ({@link ReturnInvoices}). */
@ApplicationScoped
public class ReturnInvoiceBook implements ReturnInvoices {

  @PersistenceContext EntityManager em;

  @Override
  @Transactional
  public Optional<Issued> covering(long orderId, long through) {
    return em.createNamedQuery(Receipt.OF_ORDER, Receipt.class)
        .setParameter("orderId", orderId)
        .getResultStream()
        .filter(r -> r.kind() == ReceiptKind.RETURN && r.refundedThrough() >= through)
        .min(Comparator.comparingLong(Receipt::refundedThrough))
        .map(r -> new Issued(r.number(), r.amount(), r.tax(), r.issuedAt()));
  }
}

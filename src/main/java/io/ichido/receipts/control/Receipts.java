package io.ichido.receipts.control;

import io.ichido.orders.boundary.OrderBook;
import io.ichido.orders.entity.OrderDetails;
import io.ichido.orders.entity.OrderPaid;
import io.ichido.orders.entity.OrderRefunded;
import io.ichido.receipts.entity.RateTotal;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptIssued;
import io.ichido.receipts.entity.ReceiptKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Issues receipts and return invoices as orders are paid and refunded, in the transaction that
 * decided it and so under the order's row lock (orders hold it when they tell), so that a webhook
 * delivered twice, or to two servers at once, finds the document the first delivery issued. Each
 * document is told on as {@link ReceiptIssued}, which the e-mail follows.
 */
@ApplicationScoped
public class Receipts {

  static final ZoneId JAPAN = ZoneId.of("Asia/Tokyo");

  private static final Logger LOG = Logger.getLogger(Receipts.class.getName());

  @PersistenceContext EntityManager em;

  @Inject OrderBook orders;
  @Inject ReceiptIssuer issuer;
  @Inject ReceiptSettings settings;
  @Inject Event<ReceiptIssued> issued;

  void onOrderPaid(@Observes OrderPaid event) {
    OrderDetails order = event.order();
    if (receiptOf(order.id()).isPresent()) {
      return; // issued already
    }
    List<RateTotal> rates =
        order.taxes().stream()
            .map(t -> new RateTotal(t.rate(), t.taxable() + t.tax(), t.tax()))
            .toList();
    if (event.paid() < order.amount()) {
      // Accepted short from review: the receipt is for what was paid, shared over the rates as a
      // refund's amount is, each rate's tax the tax contained in its share.
      rates = RefundSplit.between(rates, 0, event.paid());
    }
    Instant now = Instant.now();
    Receipt receipt =
        new Receipt(
            order.id(),
            ReceiptKind.RECEIPT,
            number(ReceiptKind.RECEIPT, now),
            0,
            order.currency(),
            issuer.issuer(),
            event.customerEmail(),
            now,
            rates);
    if (receipt.recipient() != null) {
      receipt.deliver(now); // the e-mail queued with it is the original
    }
    em.persist(receipt);
    issued.fire(
        new ReceiptIssued(
            receipt,
            order.customer(),
            ReceiptDocuments.text(receipt, order),
            "%s (%s)".formatted(event.gateway(), event.chargeId())));
  }

  void onOrderRefunded(@Observes OrderRefunded event) {
    OrderDetails order = event.order();
    Optional<Receipt> paid = receiptOf(order.id());
    if (paid.isEmpty()) {
      LOG.warning(
          () -> "Order " + order.id() + " was refunded without a receipt: no return invoice");
      return;
    }
    Receipt receipt = paid.get();
    long after = Math.min(order.refundedAmount(), receipt.amount());
    long lastIssued =
        documents(order.id()).stream()
            .filter(d -> d.kind() == ReceiptKind.RETURN)
            .mapToLong(Receipt::refundedThrough)
            .max()
            .orElse(0);
    if (after <= lastIssued) {
      return; // this refund has its return invoice already
    }
    // A small refund issued none (where configured so): this one covers only its own amount.
    long before = Math.max(lastIssued, after - event.amount());
    if (!settings.smallRefundInvoices()
        && after - before < ReceiptSettings.SMALL_REFUND
        && "JPY".equals(receipt.currency())) {
      LOG.info(
          () ->
              "Order "
                  + order.id()
                  + ": a refund of "
                  + (after - before)
                  + " yen, under 10,000 yen, issues no return invoice (configured so)");
      return;
    }
    Instant now = Instant.now();
    Receipt returned =
        new Receipt(
            order.id(),
            ReceiptKind.RETURN,
            number(ReceiptKind.RETURN, now),
            after,
            receipt.currency(),
            issuer.issuer(),
            receipt.recipient(),
            now,
            RefundSplit.between(receipt.rates(), before, after));
    if (returned.recipient() != null) {
      returned.deliver(now);
    }
    em.persist(returned);
    issued.fire(
        new ReceiptIssued(
            returned, order.customer(), ReceiptDocuments.text(returned, order), null));
  }

  private Optional<Receipt> receiptOf(long orderId) {
    return documents(orderId).stream().filter(d -> d.kind() == ReceiptKind.RECEIPT).findFirst();
  }

  /**
   * The caller's order and its documents, to print: the receipt first, then each return invoice. A
   * document whose original already went out is printed as a reprint.
   *
   * @throws io.ichido.platform.control.ProblemException order-not-found when it is not the caller's
   * @throws ReceiptNotIssued when it has no receipt
   */
  @Transactional
  public Printout print(String owner, long orderId) {
    OrderDetails order = orders.details(owner, orderId);
    List<Receipt> documents = documents(orderId);
    if (documents.isEmpty()) {
      throw new ReceiptNotIssued(orderId);
    }
    Instant now = Instant.now();
    List<Printout.Copy> copies =
        documents.stream().map(d -> new Printout.Copy(d, !deliveredNow(d, now))).toList();
    return new Printout(order, copies);
  }

  /** Whether this printout is the original: one statement decides, however many print at once. */
  private boolean deliveredNow(Receipt document, Instant now) {
    return em.createQuery(
                "UPDATE Receipt r SET r.deliveredAt = :now"
                    + " WHERE r.id = :id AND r.deliveredAt IS NULL")
            .setParameter("now", now)
            .setParameter("id", document.id())
            .executeUpdate()
        == 1;
  }

  private List<Receipt> documents(long orderId) {
    return em.createNamedQuery(Receipt.OF_ORDER, Receipt.class)
        .setParameter("orderId", orderId)
        .getResultList();
  }

  /**
   * {@code R2026-00000042}: kind, year of issue in Japan, and a number from one sequence shared by
   * all servers (it never waits on another writer; a rolled-back issue leaves a gap, which the
   * invoice rules allow).
   */
  private String number(ReceiptKind kind, Instant now) {
    long next =
        ((Number) em.createNativeQuery("SELECT nextval('receipt_number_seq')").getSingleResult())
            .longValue();
    return "%s%d-%08d".formatted(kind.prefix(), now.atZone(JAPAN).getYear(), next);
  }
}

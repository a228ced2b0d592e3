package io.ichido.audit.control;

import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LoggedEntry;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.UUID;

/**
 * A year of the entries the application writes (see {@link PaymentLogFacts}), in the order it would
 * append them: orders from a Zipf-skewed population of customers, more in the evening than at night
 * (Japan time), paid by card at once or at a konbini, by bank transfer or PayPay later, with their
 * stock, email, webhook, replay and refund entries. The entries of one transaction stay together,
 * as the append lock makes them. The same seed gives the same year.
 */
final class PaymentLogTraffic {

  /** An entry and the time the log gives it. */
  record Timed(Instant at, LoggedEntry entry) {}

  /** Entries committed together, at a time. */
  private record Transaction(long micros, long order, List<LoggedEntry> entries) {}

  private static final ZoneId JST = ZoneId.of("Asia/Tokyo");
  private static final long SECOND = 1_000_000L;
  private static final long MINUTE = 60 * SECOND;
  private static final long HOUR = 60 * MINUTE;
  private static final long DAY = 24 * HOUR;

  /** Relative order rate by hour of the day, Japan time. */
  private static final double[] HOURLY = {
    0.6, 0.4, 0.25, 0.2, 0.2, 0.25, 0.4, 0.6, 0.8, 1.0, 1.1, 1.2, 1.4, 1.2, 1.1, 1.1, 1.1, 1.2, 1.3,
    1.5, 1.7, 1.8, 1.6, 1.0
  };

  private static final String[] SURNAMES = {
    "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤", "吉田", "山田", "佐々木", "山口", "松本", "井上",
    "木村", "林", "斎藤", "清水"
  };
  private static final String[] GIVEN_NAMES = {
    "太郎", "花子", "健太", "陽菜", "翔太", "結衣", "大輔", "美咲", "直樹", "さくら", "拓也", "愛", "悠斗", "彩", "蓮", "葵",
    "湊", "凛", "隆", "恵"
  };
  private static final String[] SHOPS = {"shop-a", "shop-a", "shop-a", "shop-b"};

  private final Random random;
  private final long startMicros;
  private final long endMicros;
  private final int total;
  private final double[] customerCdf;
  private final double hourlyMax = Arrays.stream(HOURLY).max().orElseThrow();
  private final double hourlyMean = Arrays.stream(HOURLY).average().orElseThrow();

  private final PriorityQueue<Transaction> due =
      new PriorityQueue<>(
          (a, b) ->
              a.micros() != b.micros()
                  ? Long.compare(a.micros(), b.micros())
                  : Long.compare(a.order(), b.order()));
  private final ArrayDeque<Timed> current = new ArrayDeque<>();
  private long transactions;
  private long nextOrderMicros;
  private long orders;
  private long scheduled;
  private long lastMicros;

  /**
   * @param customers the population the counterparties are drawn from
   * @param skew the Zipf exponent: customer r orders in proportion to 1 / r^skew
   */
  PaymentLogTraffic(long seed, Instant start, Instant end, int total, int customers, double skew) {
    this.random = new Random(seed);
    this.startMicros = ChronoUnit.MICROS.between(Instant.EPOCH, start);
    this.endMicros = ChronoUnit.MICROS.between(Instant.EPOCH, end);
    this.total = total;
    this.customerCdf = zipfCdf(customers, skew);
    this.nextOrderMicros = startMicros;
    this.lastMicros = startMicros;
  }

  /**
   * The next entry; times never go backwards (in the real log a late commit may put an entry a few
   * milliseconds older after newer ones).
   */
  Timed next() {
    while (current.isEmpty()) {
      if (due.isEmpty() || due.peek().micros() > nextOrderMicros) {
        placeOrder(nextOrderMicros);
        nextOrderMicros += interarrival(nextOrderMicros);
      } else {
        Transaction tx = due.poll();
        for (LoggedEntry entry : tx.entries()) {
          lastMicros = Math.max(lastMicros + 1, tx.micros());
          current.add(new Timed(instant(lastMicros), entry));
        }
      }
    }
    return current.poll();
  }

  long orders() {
    return orders;
  }

  /**
   * Exponential gaps at a rate that spreads the whole year's entries over the span (the rate
   * follows the entries an order has brought so far), thinned by the hour of the day.
   */
  private long interarrival(long from) {
    double entriesPerOrder = orders == 0 ? 10 : (double) scheduled / orders;
    double meanGap = (endMicros - startMicros) * entriesPerOrder / total;
    long at = from;
    do {
      at += (long) (-Math.log(1 - random.nextDouble()) * meanGap * hourlyMean / hourlyMax) + 1;
    } while (random.nextDouble() * hourlyMax > HOURLY[instant(at).atZone(JST).getHour()]);
    return at - from;
  }

  private void placeOrder(long t0) {
    long orderId = ++orders;
    Order order = new Order(orderId, customer(), SHOPS[random.nextInt(SHOPS.length)]);
    String createKey = key();
    List<LoggedEntry> created = new ArrayList<>();
    created.add(
        about(LogKind.ORDER_CREATED, order)
            .money(order.amount, "JPY")
            .actor(order.shop)
            .key(createKey)
            .status("PENDING_PAYMENT")
            .detail("subtotal", order.subtotal)
            .detail("tax", order.tax)
            .tax(order.taxLines)
            .build());
    created.addAll(stock(order, "RESERVED"));
    at(t0, created);
    if (random.nextDouble() < 0.05) { // the client retried: its answer was lost
      at(t0 + between(SECOND, 30 * SECOND), List.of(replay(order.shop, createKey, "/api/orders")));
    }
    pay(order, t0 + between(5 * SECOND, 3 * MINUTE), 1);
    if (random.nextDouble() < 0.003) { // auditors read the log too, and that is logged
      at(
          t0 + between(0, HOUR),
          List.of(
              NewEntry.of(LogKind.AUDIT_QUERY)
                  .actor("auditor")
                  .status("OK")
                  .detail("action", "search")
                  .detail("query", "orderId=" + orderId)
                  .build()));
    }
  }

  private void pay(Order order, long t, int attempt) {
    double m = random.nextDouble();
    String method =
        m < 0.70 ? "card" : m < 0.88 ? "konbini" : m < 0.93 ? "bank_transfer" : "paypay";
    String gateway = gateway(method);
    String key = key();
    String chargeId = chargeId(gateway);
    at(
        t,
        List.of(
            about(LogKind.CHARGE_REQUESTED, order)
                .money(order.amount, "JPY")
                .gateway(gateway)
                .key(key)
                .status("STARTED")
                .detail("method", method)
                .detail("reference", "ORDER-" + order.id)
                .build()));
    if (random.nextDouble() < 0.03) {
      at(t + between(SECOND, MINUTE), List.of(replay(order.shop, key, "/api/payments/charge")));
    }
    long answered = t + between(300_000, 2_500_000);
    if (method.equals("card")) {
      boolean declined = random.nextDouble() < 0.06;
      List<LoggedEntry> tx = new ArrayList<>();
      tx.add(answer(order, gateway, chargeId, key, declined ? "DECLINED" : "SUCCEEDED"));
      if (declined && attempt < 2 && random.nextBoolean()) {
        at(answered, tx);
        pay(order, answered + between(30 * SECOND, 10 * MINUTE), attempt + 1);
      } else if (declined) {
        tx.add(status(order, "PENDING_PAYMENT", "FAILED", "card declined"));
        tx.addAll(stock(order, "RELEASED"));
        at(answered, tx);
      } else {
        tx.add(status(order, "PENDING_PAYMENT", "PAID", null));
        tx.addAll(stock(order, "SOLD"));
        tx.add(emailQueued(order, "receipt"));
        at(answered, tx);
        at(answered + between(SECOND, 5 * SECOND), List.of(emailSent(order, "receipt")));
        if (random.nextDouble() < 0.6) {
          webhook(
              order, gateway, chargeId, answered + between(2 * SECOND, MINUTE), "paid", List.of());
        }
        refundMaybe(order, gateway, chargeId, answered);
      }
      return;
    }
    List<LoggedEntry> awaiting = new ArrayList<>();
    awaiting.add(answer(order, gateway, chargeId, key, "AWAITING_PAYMENT"));
    awaiting.add(status(order, "PENDING_PAYMENT", "AWAITING_PAYMENT", null));
    awaiting.add(emailQueued(order, "instructions"));
    at(answered, awaiting);
    at(answered + between(SECOND, 5 * SECOND), List.of(emailSent(order, "instructions")));
    long settled =
        answered
            + (method.equals("paypay")
                ? between(MINUTE, 10 * MINUTE)
                : (long) Math.min(3.0 * DAY, Math.exp(16 + 1.3 * random.nextGaussian())));
    if (random.nextDouble() < 0.85) {
      List<LoggedEntry> paid = new ArrayList<>();
      paid.add(status(order, "AWAITING_PAYMENT", "PAID", null));
      paid.addAll(stock(order, "SOLD"));
      paid.add(emailQueued(order, "receipt"));
      webhook(order, gateway, chargeId, settled, "paid", paid);
      at(settled + between(SECOND, 5 * SECOND), List.of(emailSent(order, "receipt")));
      refundMaybe(order, gateway, chargeId, settled);
    } else {
      List<LoggedEntry> expired = new ArrayList<>();
      expired.add(status(order, "AWAITING_PAYMENT", "EXPIRED", "not paid in time"));
      expired.addAll(stock(order, "RELEASED"));
      expired.add(emailQueued(order, "expired"));
      long lapsed = answered + 3 * DAY;
      webhook(order, gateway, chargeId, lapsed, "expired", expired);
      at(lapsed + between(SECOND, 5 * SECOND), List.of(emailSent(order, "expired")));
    }
  }

  private void refundMaybe(Order order, String gateway, String chargeId, long paidAt) {
    if (random.nextDouble() < 0.01) {
      webhook(
          order,
          gateway,
          chargeId,
          paidAt + between(DAY, 30 * DAY),
          "refunded",
          List.of(status(order, "PAID", "REFUNDED", "refunded by the shop")));
    }
  }

  /** A processed webhook with its effects in one transaction; now and then a redelivery. */
  private void webhook(
      Order order,
      String gateway,
      String chargeId,
      long t,
      String what,
      List<LoggedEntry> effects) {
    String eventId = "evt_" + token(20);
    String type = "payment." + (what.equals("paid") ? "captured" : what);
    List<LoggedEntry> tx = new ArrayList<>();
    tx.add(webhookEntry(LogKind.WEBHOOK_PROCESSED, order, gateway, chargeId, eventId, type, what));
    tx.addAll(effects);
    at(t, tx);
    if (random.nextDouble() < 0.1) {
      at(
          t + between(MINUTE, HOUR),
          List.of(
              webhookEntry(
                  LogKind.WEBHOOK_DUPLICATE, order, gateway, chargeId, eventId, type, null)));
    }
  }

  private static LoggedEntry webhookEntry(
      LogKind kind,
      Order order,
      String gateway,
      String chargeId,
      String eventId,
      String type,
      String result) {
    return NewEntry.of(kind)
        .gateway(gateway)
        .charge(chargeId)
        .money(order.amount, "JPY")
        .status(kind == LogKind.WEBHOOK_PROCESSED ? "PROCESSED" : "DUPLICATE")
        .detail("eventId", eventId)
        .detail("type", type)
        .detail("result", result)
        .build();
  }

  private static LoggedEntry answer(
      Order order, String gateway, String chargeId, String key, String status) {
    return about(LogKind.GATEWAY_ANSWERED, order)
        .money(order.amount, "JPY")
        .gateway(gateway)
        .charge(chargeId)
        .key(key)
        .status(status)
        .detail("failureCode", status.equals("DECLINED") ? "card_declined" : null)
        .build();
  }

  private static LoggedEntry status(Order order, String from, String to, String reason) {
    return about(LogKind.ORDER_STATUS_CHANGED, order)
        .money(order.amount, "JPY")
        .status(to)
        .detail("from", from)
        .detail("reason", reason)
        .build();
  }

  private static List<LoggedEntry> stock(Order order, String movement) {
    List<LoggedEntry> moved = new ArrayList<>(order.skus.length);
    for (int i = 0; i < order.skus.length; i++) {
      moved.add(
          about(LogKind.STOCK_MOVED, order)
              .status(movement)
              .detail("sku", order.skus[i])
              .detail("quantity", order.quantities[i])
              .build());
    }
    return moved;
  }

  private static LoggedEntry emailQueued(Order order, String what) {
    return about(LogKind.EMAIL_QUEUED, order)
        .status("PENDING")
        .detail("email", what + ":" + order.id)
        .detail("to", PaymentLogFacts.masked(order.email))
        .build();
  }

  private static LoggedEntry emailSent(Order order, String what) {
    return about(LogKind.EMAIL_SENT, order)
        .status("SENT")
        .detail("email", what + ":" + order.id)
        .detail("attempts", 1)
        .build();
  }

  /** An entry about an order names its customer as the counterparty, as the application does. */
  private static NewEntry.Builder about(LogKind kind, Order order) {
    return NewEntry.of(kind).order(order.id).counterparty(order.customer);
  }

  private static LoggedEntry replay(String shop, String key, String path) {
    return NewEntry.of(LogKind.IDEMPOTENT_REPLAY)
        .actor("principal:" + shop)
        .key(key)
        .status("201")
        .detail("method", "POST")
        .detail("path", path)
        .build();
  }

  private void at(long micros, List<LoggedEntry> entries) {
    due.add(new Transaction(micros, transactions++, entries));
    scheduled += entries.size();
  }

  private String gateway(String method) {
    double g = random.nextDouble();
    return switch (method) {
      case "card" -> g < 0.45 ? "stripe" : g < 0.70 ? "omise" : g < 0.85 ? "komoju" : "2c2p";
      case "konbini" -> g < 0.4 ? "stripe" : "komoju";
      default -> "komoju";
    };
  }

  private String chargeId(String gateway) {
    return switch (gateway) {
      case "stripe" -> "pi_" + token(24);
      case "omise" -> "chrg_" + token(19);
      case "komoju" -> token(26);
      default -> "ccpp_" + (100_000_000L + Math.floorMod(random.nextLong(), 900_000_000L));
    };
  }

  private String key() {
    return new UUID(
            random.nextLong() & ~0xf000L | 0x4000L,
            random.nextLong() & 0x3fffffffffffffffL | 0x8000000000000000L)
        .toString();
  }

  private String token(int length) {
    char[] token = new char[length];
    for (int i = 0; i < length; i++) {
      token[i] = "abcdefghijklmnopqrstuvwxyz0123456789".charAt(random.nextInt(36));
    }
    return new String(token);
  }

  private long between(long min, long max) {
    return min + (long) (random.nextDouble() * (max - min));
  }

  private String customer() {
    int rank = Arrays.binarySearch(customerCdf, random.nextDouble());
    rank = rank >= 0 ? rank : -rank - 1;
    return "%s %s (%06d)"
        .formatted(
            SURNAMES[rank % SURNAMES.length],
            GIVEN_NAMES[(rank / SURNAMES.length) % GIVEN_NAMES.length],
            rank + 1);
  }

  private static double[] zipfCdf(int n, double skew) {
    double[] cdf = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += Math.pow(i + 1, -skew);
      cdf[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      cdf[i] /= sum;
    }
    return cdf;
  }

  private static Instant instant(long micros) {
    return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
  }

  /**
   * What an order holds: amounts log-normal around 4,800 JPY before tax, between 100 and 500,000
   * JPY with tax; food at the reduced 8 % rate, the rest at 10 %, tax rounded down per rate.
   */
  private final class Order {
    final long id;
    final String customer;
    final String shop;
    final String email;
    final String[] skus;
    final int[] quantities;
    final long subtotal;
    final long tax;
    final long amount;
    final List<Map<String, Object>> taxLines;

    Order(long id, String customer, String shop) {
      this.id = id;
      this.customer = customer;
      this.shop = shop;
      this.email = "customer" + Math.abs(customer.hashCode()) + "@example.jp";
      int lines = 1 + (int) Math.floor(-Math.log(1 - random.nextDouble()) * 0.8);
      lines = Math.min(lines, 4);
      this.skus = new String[lines];
      this.quantities = new int[lines];
      for (int i = 0; i < lines; i++) {
        skus[i] = "SKU-%03d".formatted(random.nextInt(200));
        quantities[i] = 1 + (random.nextDouble() < 0.2 ? random.nextInt(4) : 0);
      }
      this.subtotal =
          Math.max(
              93, Math.min(454_545, Math.round(4_800 * Math.exp(1.2 * random.nextGaussian()))));
      long reduced = random.nextDouble() < 0.4 ? Math.round(subtotal * random.nextDouble()) : 0;
      long standard = subtotal - reduced;
      long reducedTax = reduced * 8 / 100;
      long standardTax = standard * 10 / 100;
      this.tax = reducedTax + standardTax;
      this.amount = subtotal + tax;
      List<Map<String, Object>> taxes = new ArrayList<>();
      if (reduced > 0) {
        taxes.add(Map.of("rate", 8, "taxable", reduced, "tax", reducedTax));
      }
      if (standard > 0) {
        taxes.add(Map.of("rate", 10, "taxable", standard, "tax", standardTax));
      }
      this.taxLines = taxes;
    }
  }
}

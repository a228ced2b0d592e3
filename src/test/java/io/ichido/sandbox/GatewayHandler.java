package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.Serial;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves one gateway and applies the faults: a fault before processing means the gateway never saw
 * the request, a fault after processing means the charge exists but the answer is lost, late or
 * altered. Which faults a request can meet depends on its gateway, its {@link Gateway#matchKey}
 * and, for faults and chaos scoped to orders, the order it is about ({@link Gateway#orderOf}).
 */
final class GatewayHandler implements HttpHandler {

  private static final Logger LOG = Logger.getLogger(GatewayHandler.class.getName());

  private final Gateway gateway;
  private final String prefix;
  private final Faults faults;
  private final Stats stats;
  private final SlowHolds slowHolds;

  GatewayHandler(Gateway gateway, Faults faults, Stats stats, SlowHolds slowHolds) {
    this.gateway = gateway;
    this.prefix = "/" + gateway.name();
    this.faults = faults;
    this.stats = stats;
    this.slowHolds = slowHolds;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try {
      SandboxRequest request = SandboxRequest.read(exchange, prefix);
      stats.request(request, gateway.name());
      LOG.log(
          Level.FINE,
          "{0} {1} {2}",
          new Object[] {gateway.name(), request.method(), request.path()});
      Optional<Fault> fault =
          faults.next(
              gateway.name(),
              gateway.matchKey(request),
              () -> orderOf(request),
              mode ->
                  (!mode.altersAnswer()
                          || (gateway.answersWithPayment(request) && gateway.alters(mode)))
                      && (mode != FaultMode.INDEX_DELAY || gateway.createsPayment(request))
                      && (mode != FaultMode.REFUSE_REFUND
                          || gateway.refusesRefund(request).isPresent())
                      && (mode != FaultMode.PAY_BEFORE_ANSWER
                          || gateway.canBePaidBeforeAnswer(request))
                      && (mode != FaultMode.AUTHORIZED_BEFORE_ANSWER
                          || gateway.canBeAuthorizedBeforeAnswer(request))
                      && (mode != FaultMode.PENDING_AFTER_RETURN
                          || gateway.canLagAfterReturn(request)));
      if (fault.isPresent() && fault.get().mode().beforeProcessing()) {
        misbehaveBefore(exchange, fault.get(), request);
        return;
      }
      boolean slow = fault.isPresent() && fault.get().mode() == FaultMode.SLOW;
      boolean lagging = fault.isPresent() && fault.get().mode() == FaultMode.INDEX_DELAY;
      SandboxResponse response;
      try {
        if (slow) {
          SlowProcessing.ahead(fault.get().delayMillis(), slowHolds);
        }
        if (lagging) {
          IndexDelay.ahead(fault.get().delayMillis());
        }
        response = gateway.handle(request);
        // Spent already where the gateway keeps its key in flight; else here, after the work.
        SlowProcessing.now();
      } finally {
        SlowProcessing.forget();
        IndexDelay.forget();
      }
      if (slow || lagging) {
        response.writeTo(exchange);
        return;
      }
      if (fault.isPresent()) {
        misbehaveAfter(exchange, fault.get(), response);
        return;
      }
      response.writeTo(exchange);
    } catch (RuntimeException e) {
      LOG.log(Level.SEVERE, "The " + gateway.name() + " sandbox failed on a request", e);
      SandboxResponse.json(500, Json.object().put("error", "sandbox failure: " + e))
          .writeTo(exchange);
    } catch (InterruptedException e) {
      // The sandbox is closing while a request is held: let it go without an answer.
      Thread.currentThread().interrupt();
      hangUp();
    }
  }

  /**
   * The order the request is about; empty when the gateway cannot tell, also when telling fails:
   * the request still goes to the gateway, which answers it as it answers any malformed request.
   */
  private Optional<String> orderOf(SandboxRequest request) {
    try {
      return gateway.orderOf(request);
    } catch (RuntimeException unreadable) {
      LOG.log(Level.FINE, "No order for " + gateway.name() + " " + request.path(), unreadable);
      return Optional.empty();
    }
  }

  private void misbehaveBefore(HttpExchange exchange, Fault fault, SandboxRequest request)
      throws IOException, InterruptedException {
    switch (fault.mode()) {
      case HTTP429 -> gateway.failure(429).withHeader("Retry-After", "1").writeTo(exchange);
      case HTTP400 -> gateway.failure(400).writeTo(exchange);
      case HTTP401 -> gateway.failure(401).writeTo(exchange);
      case REFUSE_REFUND -> gateway.refusesRefund(request).orElseThrow().writeTo(exchange);
      case HTTP403 -> gateway.failure(403).writeTo(exchange);
      case HTTP500 -> gateway.failure(500).writeTo(exchange);
      case HTTP503 -> gateway.failure(503).writeTo(exchange);
      case TIMEOUT -> {
        Thread.sleep(fault.delayMillis());
        hangUp();
      }
      default -> hangUp();
    }
  }

  private void misbehaveAfter(HttpExchange exchange, Fault fault, SandboxResponse response)
      throws IOException, InterruptedException {
    switch (fault.mode()) {
      case DELAY -> {
        // Outside the idempotency lock: a retry that arrives meanwhile gets the replay at once.
        Thread.sleep(fault.delayMillis());
        response.writeTo(exchange);
      }
      // Only this answer: what the gateway keeps (its replays, its ledger) stays true.
      case ALTER_AMOUNT, ALTER_CURRENCY, ALTER_STATUS ->
          gateway.altered(response, fault.mode()).writeTo(exchange);
      case PAY_BEFORE_ANSWER -> {
        gateway.payBeforeAnswer(response);
        response.writeTo(exchange);
      }
      case AUTHORIZED_BEFORE_ANSWER -> {
        gateway.authorizeBeforeAnswer(response);
        response.writeTo(exchange);
      }
      case PENDING_AFTER_RETURN -> {
        gateway.lagAfterReturn(response, fault.delayMillis());
        response.writeTo(exchange);
      }
      default -> hangUp();
    }
  }

  /**
   * Closes the connection without a byte of answer. A handler that throws before sending headers
   * makes HttpServer close the connection and forget it; closing the exchange instead would also
   * close the socket, but HttpServer would keep the dead connection in its books forever.
   */
  private static void hangUp() throws IOException {
    throw new HungUp();
  }

  /** Not a failure: how a fault tells HttpServer to drop the connection. */
  private static final class HungUp extends IOException {
    @Serial private static final long serialVersionUID = 1L;

    private HungUp() {
      super("The sandbox hangs up without an answer.");
    }
  }
}

package io.ichido.payments.control;

import io.ichido.payments.entity.MoneyObservation;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;

/**
 * The money decider driven by random sequences of what gateways, customers, operators and merchants
 * do: charges of the right and of other amounts and currencies, notices delivered late, twice, out
 * of order or never, returns made or refused, refunds in the portal, read-backs, and every
 * operator's way out. After every step, {@link MoneyWorld#check} holds. A failure prints its seed;
 * {@code @Property(seed = "...")} replays it.
 */
class MoneyDeciderPropertyTest {

  /** Steps per chain, and chains per run: a million observations and more per {@code verify}. */
  static final int STEPS = 100;

  static final int CHAINS = 20_000;

  @Property(tries = CHAINS)
  @AddLifecycleHook(PrintedRun.class)
  void everyYenHasAPlaceAndAWayOut(@ForAll("shops") ActionChain<MoneyWorld> chain) {
    chain.withInvariant("the money's rules", MoneyWorld::check).run();
  }

  @Provide
  Arbitrary<ActionChain<MoneyWorld>> shops() {
    return ActionChain.<MoneyWorld>startWith(MoneyWorld::new)
        .withAction(3, startAttempt())
        .withAction(4, charge())
        .withAction(1, decline())
        .withAction(6, deliver())
        .withAction(2, lose())
        .withAction(2, readBack())
        .withAction(3, gatewayReturns())
        .withAction(1, portalRefund())
        .withAction(1, operator())
        .withAction(1, returnedOutside())
        .withAction(1, merchantRefund())
        .withAction(1, dispute())
        .withAction(
            1,
            Action.just(Transformer.mutate("close", w -> w.decide(new MoneyObservation.Closed()))))
        .withAction(1, Action.just(Transformer.mutate("sweep", MoneyWorld::sweep)))
        .withMaxTransformations(STEPS);
  }

  private static Action.Independent<MoneyWorld> startAttempt() {
    return () ->
        Arbitraries.of(true, true, true, false)
            .map(
                refundable ->
                    Transformer.mutate(
                        "start attempt (refundable " + refundable + ")",
                        w -> w.startAttempt(refundable)));
  }

  private static Action.Dependent<MoneyWorld> charge() {
    Arbitrary<Long> amounts =
        Arbitraries.frequencyOf(
            Tuple.of(8, Arbitraries.just(MoneyWorld.OWED)),
            Tuple.of(2, Arbitraries.longs().between(1, 3 * MoneyWorld.OWED)));
    Arbitrary<String> currencies = Arbitraries.frequency(Tuple.of(9, "JPY"), Tuple.of(1, "USD"));
    return onAttempts(
        ids ->
            Combinators.combine(ids, amounts, currencies)
                .as(
                    (id, amount, currency) ->
                        Transformer.mutate(
                            "gateway takes %d %s for attempt %d".formatted(amount, currency, id),
                            w -> w.charge(id, amount, currency))));
  }

  private static Action.Dependent<MoneyWorld> decline() {
    return onAttempts(
        ids ->
            ids.map(
                id -> Transformer.mutate("gateway declines attempt " + id, w -> w.decline(id))));
  }

  private static Action.Dependent<MoneyWorld> readBack() {
    return onAttempts(
        ids -> ids.map(id -> Transformer.mutate("read back attempt " + id, w -> w.readBack(id))));
  }

  private static Action.Dependent<MoneyWorld> portalRefund() {
    return onAttempts(
        ids ->
            Combinators.combine(ids, Arbitraries.longs().between(1, MoneyWorld.OWED))
                .as(
                    (id, amount) ->
                        Transformer.mutate(
                            "portal refunds %d of attempt %d".formatted(amount, id),
                            w -> w.portalRefund(id, amount))));
  }

  private static Action.Dependent<MoneyWorld> returnedOutside() {
    return onAttempts(
        ids ->
            Combinators.combine(ids, Arbitraries.longs().between(1, 3 * MoneyWorld.OWED))
                .as(
                    (id, amount) ->
                        Transformer.mutate(
                            "operator records %d of attempt %d returned in the portal"
                                .formatted(amount, id),
                            w -> w.returnedOutside(id, amount))));
  }

  private static Action.Dependent<MoneyWorld> operator() {
    Arbitrary<Transformer<MoneyWorld>> accept =
        Arbitraries.just(
            Transformer.mutate(
                "operator accepts", w -> w.decide(new MoneyObservation.Accepted("op"))));
    Arbitrary<Transformer<MoneyWorld>> refund =
        Arbitraries.just(
            Transformer.mutate(
                "operator refunds the review",
                w -> w.decide(new MoneyObservation.ReviewRefunded("op"))));
    return onAttempts(
        ids ->
            Arbitraries.oneOf(
                accept,
                refund,
                ids.map(
                    id ->
                        Transformer.mutate(
                            "operator retries the return of " + id,
                            w -> w.decide(new MoneyObservation.ReturnRetried(id, "op"))))));
  }

  private static Action.Dependent<MoneyWorld> dispute() {
    Arbitrary<Long> amounts =
        Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.just(0L)),
            Tuple.of(5, Arbitraries.just(MoneyWorld.OWED)),
            Tuple.of(2, Arbitraries.longs().between(1, 2 * MoneyWorld.OWED)));
    return onAttempts(
        ids ->
            Arbitraries.oneOf(
                Combinators.combine(ids, amounts)
                    .as(
                        (id, amount) ->
                            Transformer.mutate(
                                "the customer's bank disputes attempt %d, taking %d back"
                                    .formatted(id, amount),
                                w -> w.dispute(id, amount))),
                Combinators.combine(ids, Arbitraries.of(true, false))
                    .as(
                        (id, won) ->
                            Transformer.mutate(
                                "the dispute of attempt %d ends, %s"
                                    .formatted(id, won ? "won" : "lost"),
                                w -> w.disputeEnds(id, won)))));
  }

  private static Action.Dependent<MoneyWorld> deliver() {
    return onNotices(
        indexes ->
            Combinators.combine(indexes, Arbitraries.of(false, false, true))
                .as(
                    (index, again) ->
                        Transformer.mutate(
                            "deliver notice " + index + (again ? " (delivered again later)" : ""),
                            w -> w.deliver(index, again))));
  }

  private static Action.Dependent<MoneyWorld> lose() {
    return onNotices(
        indexes ->
            indexes.map(index -> Transformer.mutate("lose notice " + index, w -> w.lose(index))));
  }

  private static Action.Independent<MoneyWorld> gatewayReturns() {
    return () ->
        Arbitraries.of(false, false, false, true)
            .map(
                refuse ->
                    Transformer.mutate(
                        refuse ? "gateway refuses a return" : "gateway makes a return",
                        w -> w.gatewayReturns(refuse)));
  }

  private static Action.Independent<MoneyWorld> merchantRefund() {
    return () ->
        Arbitraries.longs()
            .between(1, MoneyWorld.OWED + 10)
            .map(
                amount ->
                    Transformer.mutate(
                        "merchant refunds " + amount,
                        w -> w.decide(new MoneyObservation.MerchantRefunded(amount, "merchant"))));
  }

  /** An action about one of the attempts the gateway knows, once there is one. */
  private static Action.Dependent<MoneyWorld> onAttempts(
      Function<Arbitrary<Long>, Arbitrary<Transformer<MoneyWorld>>> make) {
    return dependent(
        w -> !w.gateway.isEmpty(),
        w -> make.apply(Arbitraries.of(List.copyOf(w.gateway.keySet()))));
  }

  /** An action about one of the notices waiting to be delivered, once there is one. */
  private static Action.Dependent<MoneyWorld> onNotices(
      Function<Arbitrary<Integer>, Arbitrary<Transformer<MoneyWorld>>> make) {
    return dependent(
        w -> !w.notices.isEmpty(),
        w -> make.apply(Arbitraries.integers().between(0, w.notices.size() - 1)));
  }

  private static Action.Dependent<MoneyWorld> dependent(
      Predicate<MoneyWorld> when, Function<MoneyWorld, Arbitrary<Transformer<MoneyWorld>>> make) {
    return new Action.Dependent<>() {
      @Override
      public boolean precondition(MoneyWorld world) {
        return when.test(world);
      }

      @Override
      public Arbitrary<Transformer<MoneyWorld>> transformer(MoneyWorld world) {
        return make.apply(world);
      }
    };
  }
}

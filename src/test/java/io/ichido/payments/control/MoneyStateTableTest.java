package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.MoneyDecider.Decision;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderMoney.AttemptMoney;
import io.ichido.payments.entity.OrderMoney.Role;
import io.ichido.payments.entity.OrderStanding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every row of the decider's table in docs/payments.md, run against the decider. */
class MoneyStateTableTest {

  private static final long OWED = 2_592;

  static Stream<String> rows() throws Exception {
    String doc = Files.readString(Path.of("docs", "payments.md"));
    String table =
        doc.substring(doc.indexOf("<!-- money-table -->"), doc.indexOf("<!-- /money-table -->"));
    List<String> rows =
        table
            .lines()
            .filter(line -> line.startsWith("| ") && !line.startsWith("| state "))
            .toList();
    assertThat(rows).as("the table's rows").hasSizeGreaterThan(20);
    return rows.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void rowHolds(String row) {
    String[] cells =
        Stream.of(row.split("\\|"))
            .map(String::strip)
            .filter(c -> !c.isEmpty())
            .toArray(String[]::new);
    Decision decision = MoneyDecider.decide(state(cells[0]), observation(cells[1]));

    assertThat(decision.money().attempt(1).orElseThrow().role().name())
        .as("attempt 1 after")
        .isEqualTo(cells[2]);
    assertThat(effects(decision)).as("effects").isEqualTo(cells[3]);
    assertThat(OrderStanding.of(decision.money(), OrderStanding.Stage.OPEN).status().name())
        .as("the order after, as its ledger shows it")
        .isEqualTo(cells.length > 4 ? cells[4] : "?");
    assertThat(MoneyDecider.problems(decision.money())).as("the rules after it").isEmpty();
  }

  private static String effects(Decision decision) {
    String named =
        decision.effects().stream()
            .map(
                e ->
                    e instanceof MoneyEffect.Refused refused
                        ? "Refused " + refused.problem()
                        : e.getClass().getSimpleName())
            .collect(Collectors.joining(", "));
    return named.isEmpty() ? "—" : named;
  }

  private static OrderMoney state(String name) {
    OrderMoney order = OrderMoney.of(OWED, "JPY");
    AttemptMoney one = AttemptMoney.waiting(1, "JPY", true);
    AttemptMoney two = AttemptMoney.waiting(2, "JPY", true);
    return switch (name) {
      case "waiting" -> order.with(one);
      case "payment" -> order.with(one.taken(Role.PAYMENT, "JPY", OWED, OWED));
      case "review" -> order.with(one.taken(Role.REVIEW, "JPY", 3_000, 0));
      case "review in USD" -> order.with(one.taken(Role.REVIEW, "USD", OWED, 0));
      case "ended, another paid" ->
          order.with(one.as(Role.ENDED)).with(two.taken(Role.PAYMENT, "JPY", OWED, OWED));
      case "surplus returning" ->
          order
              .with(one.taken(Role.SURPLUS, "JPY", OWED, 0).asking(OWED))
              .with(two.taken(Role.PAYMENT, "JPY", OWED, OWED));
      case "surplus refused" ->
          order
              .with(one.taken(Role.SURPLUS, "JPY", OWED, 0).refused(0))
              .with(two.taken(Role.PAYMENT, "JPY", OWED, OWED));
      case "disputed payment" -> order.with(one.taken(Role.PAYMENT, "JPY", OWED, OWED).inDispute());
      case "disputed payment, bank took it" ->
          order.with(
              one.taken(Role.PAYMENT, "JPY", OWED, OWED)
                  .disputing(new OrderMoney.Dispute(OrderMoney.Dispute.State.OPEN, OWED, 1)));
      case "disputed payment, dispute won" ->
          order.with(
              one.taken(Role.PAYMENT, "JPY", OWED, OWED)
                  .disputing(new OrderMoney.Dispute(OrderMoney.Dispute.State.WON, 0, 2)));
      case "payment, refund returning" ->
          order.with(one.taken(Role.PAYMENT, "JPY", OWED, OWED).asking(OWED));
      case "payment, surplus returning" ->
          order.with(one.taken(Role.PAYMENT, "JPY", 3_000, OWED).asking(408));
      default -> throw new IllegalArgumentException("No state named " + name);
    };
  }

  private static final Pattern TAKEN =
      Pattern.compile("taken (\\d+) ([A-Z]{3})(?:, (\\d+) given back)?");
  private static final Pattern AMOUNT = Pattern.compile("([a-z ]+?) (\\d+)");

  private static MoneyObservation observation(String text) {
    Matcher taken = TAKEN.matcher(text);
    if (taken.matches()) {
      return new MoneyObservation.Taken(
          1,
          Long.parseLong(taken.group(1)),
          taken.group(2),
          taken.group(3) == null ? 0 : Long.parseLong(taken.group(3)));
    }
    Matcher amount = AMOUNT.matcher(text);
    if (amount.matches()) {
      long value = Long.parseLong(amount.group(2));
      return switch (amount.group(1)) {
        case "returned" -> new MoneyObservation.Returned(1, value);
        case "returned outside" -> new MoneyObservation.ReturnedOutside(1, value, "re_1", "op");
        case "merchant refund" -> new MoneyObservation.MerchantRefunded(value, "merchant");
        case "bank takes" -> new MoneyObservation.Disputed(1, "fraudulent", value, 1, false, false);
        default -> throw new IllegalArgumentException("No observation named " + text);
      };
    }
    return switch (text) {
      case "ended" -> new MoneyObservation.Ended(1);
      case "closed" -> new MoneyObservation.Closed();
      case "disputed" -> new MoneyObservation.Disputed(1, "fraudulent");
      case "dispute lost" -> new MoneyObservation.Disputed(1, "lost", OWED, 1, true, false);
      case "dispute won" -> new MoneyObservation.Disputed(1, "won", 0, 2, true, true);
      case "return refused" -> new MoneyObservation.ReturnRefused(1, OWED);
      case "accepted" -> new MoneyObservation.Accepted("op");
      case "review refunded" -> new MoneyObservation.ReviewRefunded("op");
      case "return again" -> new MoneyObservation.ReturnRetried(1, "op");
      default -> throw new IllegalArgumentException("No observation named " + text);
    };
  }
}

package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestTimesTest {

  @TempDir Path dir;

  @Test
  void setUpIsTheClassTimeLessItsTests() throws Exception {
    Path reports = Files.createDirectories(dir.resolve("failsafe-reports"));
    Files.writeString(
        reports.resolve("TEST-io.ichido.it.OrdersIT.xml"),
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="io.ichido.it.OrdersIT" time="1,009.5" tests="2" errors="0" failures="1">
          <testcase name="a" classname="io.ichido.it.OrdersIT" time="0.5"/>
          <testcase name="b" classname="io.ichido.it.OrdersIT" time="1,000"><failure/></testcase>
        </testsuite>
        """);
    Files.writeString(reports.resolve("OrdersIT.txt"), "not a report");

    List<TestTimes.ClassTime> times = TestTimes.read(reports);

    assertThat(times).hasSize(1);
    TestTimes.ClassTime orders = times.get(0);
    assertThat(orders.name()).isEqualTo("OrdersIT");
    assertThat(orders.kind()).isEqualTo("IT");
    assertThat(orders.body()).isEqualTo(1000.5);
    assertThat(orders.setUp()).isEqualTo(9.0);
    assertThat(orders.failed()).isEqualTo(1);
  }

  @Test
  void slowestFirstAndOnlyTheTop() {
    List<TestTimes.ClassTime> times =
        List.of(
            new TestTimes.ClassTime("FastTest", "unit", 0.2, 0.2, 3, 0),
            new TestTimes.ClassTime("SlowIT", "IT", 90, 80, 1, 0),
            new TestTimes.ClassTime("MiddleIT", "IT", 10, 2, 5, 0));

    String table = TestTimes.table(times, 2);

    assertThat(table).contains("The 2 slowest of 3 test classes");
    assertThat(table.indexOf("SlowIT")).isLessThan(table.indexOf("MiddleIT"));
    assertThat(table).doesNotContain("FastTest");
    assertThat(table).contains("All classes: 100 s (integration tests 100 s, 9 tests in all)");
  }

  @Test
  void noReportsNoRows() throws Exception {
    assertThat(TestTimes.read(dir.resolve("missing"))).isEmpty();
  }
}

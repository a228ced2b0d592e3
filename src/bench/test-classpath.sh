# Sourced by the benchmarks that run a JVM of their own on the test classes
# (fingerprint-bench.sh, payment-log-bench.sh): they start it with plain java rather than through
# Maven, which cost seconds per run. The build writes the dependencies' part down
# (target/test-classpath.txt, the bench-classpath execution in pom.xml).

test_classpath() { # the classpath Maven's test scope gives: the test classes, the classes, the jars
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  [[ -s "$root/target/test-classpath.txt" ]] || {
    echo "no target/test-classpath.txt: build first (./mvnw test-compile), or leave BENCH_NO_BUILD out" >&2
    return 1
  }
  echo "$root/target/test-classes:$root/target/classes:$(<"$root/target/test-classpath.txt")"
}

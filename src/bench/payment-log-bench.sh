#!/usr/bin/env bash
# Whether the payment log's search indexes carry a year of traffic: loads a year of entries (a
# valid hash chain, 1,000,000 by default) into a PostgreSQL of its own with the project's real
# Liquibase changelog, verifies the chain, then times the searches auditors make, through the
# application's own LogSearch, against baselines measured in the same run. Prints one report.
#
# Usage, from anywhere in the repository:  src/bench/payment-log-bench.sh
# Needs a JDK 17 (the Maven wrapper builds; the benchmark's JVM runs with plain java). About 4 minutes on 2 CPUs.
#
# Settings (environment):
#   BENCH_LOG_DB_PORT=15599 port of the embedded PostgreSQL (must be free; not bench.sh's
#                           BENCH_DB_PORT: the smoke runs in ./mvnw verify run both at once)
#   BENCH_ENTRIES=1000000   entries loaded, spread over 12 months
#   BENCH_RUNS=300          measured calls per kind of search (after BENCH_WARMUP=30 rounds)
#   BENCH_SEED=20261130     the same seed loads the same year and draws the same searches
#   BENCH_HEAP=1g           the benchmark JVM's heap
#   BENCH_SMOKE=1           smoke run, as ./mvnw verify makes it: 5,000 entries, 5 calls of each
#                           kind after 1 round, in seconds; every step still runs, but the figures
#                           mean nothing and no PASS/MISS is given
#   BENCH_NO_BUILD=1        run the classes as compiled (verify has just compiled them): no Maven
#   BENCH_HOLD=1            after the report, keep the database up (to look at it with psql) until
#                           Ctrl+C
#   DB_HOST, DB_PORT, DB_NAME, DB_USER, DB_PASSWORD
#                           use that PostgreSQL instead: a database ichido_bench_<time> is created
#                           on it (the user needs CREATEDB) and dropped at the end
# The embedded PostgreSQL lives in a temporary directory that is deleted at the end, Ctrl+C
# included. The report is also written to target/payment-log-bench/report.txt.
# Exit status: 0 when every measurement ran (whatever PASS/MISS says), non-zero when it failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/target/payment-log-bench"
DB_PORT_BENCH="${BENCH_LOG_DB_PORT:-15599}"

die() { printf 'payment-log-bench.sh: %s\n' "$*" >&2; exit 1; }

command -v java >/dev/null 2>&1 || die "java not found: a JDK 17 or later is needed."
if [[ -z "${DB_HOST:-}" ]] && (exec 3<>"/dev/tcp/127.0.0.1/$DB_PORT_BENCH") 2>/dev/null; then
  die "port $DB_PORT_BENCH is already in use; pick another with BENCH_LOG_DB_PORT"
fi

properties=(-Dichido.bench.port="$DB_PORT_BENCH")
if [[ "${BENCH_SMOKE:-}" == 1 ]]; then
  : "${BENCH_ENTRIES:=5000}" "${BENCH_RUNS:=5}" "${BENCH_WARMUP:=1}" "${BENCH_HEAP:=256m}"
  properties+=(-Dichido.bench.smoke=true)
fi
[[ -n "${BENCH_ENTRIES:-}" ]] && properties+=(-Dichido.bench.entries="$BENCH_ENTRIES")
[[ -n "${BENCH_RUNS:-}" ]] && properties+=(-Dichido.bench.runs="$BENCH_RUNS")
[[ -n "${BENCH_WARMUP:-}" ]] && properties+=(-Dichido.bench.warmup="$BENCH_WARMUP")
[[ -n "${BENCH_SEED:-}" ]] && properties+=(-Dichido.bench.seed="$BENCH_SEED")
[[ -n "${BENCH_HOLD:-}" ]] && properties+=(-Dichido.bench.hold=true)
HEAP="${BENCH_HEAP:-1g}"

mkdir -p "$OUT"
cd "$ROOT"
[[ "${BENCH_NO_BUILD:-}" == 1 ]] || ./mvnw -q -B test-compile
. "$ROOT/src/bench/test-classpath.sh"
classpath="$(test_classpath)"
# Ctrl+C reaches the benchmark's JVM too (same process group): its shutdown hook stops the
# embedded PostgreSQL and deletes its directory, or drops the database it created.
java -Xms"$HEAP" -Xmx"$HEAP" -Dichido.bench.changelogDir="$ROOT" "${properties[@]}" -cp "$classpath" \
  io.ichido.audit.control.PaymentLogBench | tee "$OUT/report.txt"

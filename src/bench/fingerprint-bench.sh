#!/usr/bin/env bash
# What @Idempotent's request fingerprint costs on the worst 1 MiB bodies: nested 999 deep (over
# the depth cap: the time to refuse), nested up to the cap, one very wide object, long strings
# full of escapes, many numbers, many small objects. For each: p50 / p99 time and allocation per
# request, against SHA-256 of the same bytes measured in the same run, and the old canonical form
# timed a few times. Target: the worst p99 <= 20 ms. No server or database: one JVM of its own.
#
# Usage, from anywhere in the repository:  src/bench/fingerprint-bench.sh
# Needs a JDK 17 (the Maven wrapper builds; the benchmark's JVM runs with plain java). About a minute on 2 CPUs.
#
# Settings (environment):
#   BENCH_RUNS=500     measured fingerprints per shape (each alternating with a baseline run)
#   BENCH_WARMUP=300   warm-up rounds per shape before measuring
#   BENCH_SMOKE=1      smoke run, as ./mvnw verify makes it: 5 runs after 1 warm-up round, the old
#                      form once, in seconds; every shape is still built and measured, but the
#                      figures mean nothing and no PASS/MISS is given
#   BENCH_NO_BUILD=1   run the classes as compiled (verify has just compiled them): no Maven at all
# Exit status: 0 when every shape was measured (whatever PASS/MISS says), non-zero when it failed.
# The report is also written to target/fingerprint-bench/report.txt.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/target/fingerprint-bench"

command -v java >/dev/null 2>&1 || { echo "fingerprint-bench.sh: java not found" >&2; exit 1; }

properties=()
if [[ "${BENCH_SMOKE:-}" == 1 ]]; then
  : "${BENCH_RUNS:=5}" "${BENCH_WARMUP:=1}"
  properties+=(-Dichido.bench.smoke=true -Dichido.bench.legacyRuns=1)
fi
[[ -n "${BENCH_RUNS:-}" ]] && properties+=(-Dichido.bench.runs="$BENCH_RUNS")
[[ -n "${BENCH_WARMUP:-}" ]] && properties+=(-Dichido.bench.warmup="$BENCH_WARMUP")

mkdir -p "$OUT"
cd "$ROOT"
[[ "${BENCH_NO_BUILD:-}" == 1 ]] || ./mvnw -q -B test-compile
. "$ROOT/src/bench/test-classpath.sh"
classpath="$(test_classpath)"
java -Xms512m -Xmx512m ${properties[@]+"${properties[@]}"} -cp "$classpath" \
  io.ichido.idempotency.boundary.FingerprintBench | tee "$OUT/report.txt"

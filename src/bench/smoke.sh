#!/usr/bin/env bash
# What ./mvnw verify runs after the integration tests: every benchmark in its smoke mode
# (BENCH_SMOKE=1: tiny sizes, seconds), so that a benchmark that no longer starts fails the build.
# Only a benchmark that did not run, crashed or measured nothing fails it, never a PASS/MISS; the
# figures mean nothing at these sizes and stay out of the build's output, in target/bench-smoke/.
#
# Usage, from anywhere in the repository:  src/bench/smoke.sh [fingerprint] [payment-log] [bench]
# (all three by default). ./mvnw verify -DskipBenchSmoke leaves them out;
# -Dichido.benchSmoke=fingerprint,payment-log runs only those.
#
# The sizes are the smoke modes' own: BENCH_* settings of the environment are ignored, except the
# ports. So is DB_HOST: the payment log's smoke runs on a PostgreSQL of its own.
#
# From verify (nothing to build) the three run at once, the two Java benchmarks niced: bench.sh
# spends most of its time waiting for its servers and its timed phases, and they fit in beside it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/target/bench-smoke"
SAVED="$OUT/saved"

for variable in $(compgen -v BENCH_ || true); do
  [[ "$variable" == *PORT* ]] || unset "$variable"
done
unset DB_HOST DB_PORT DB_NAME DB_USER DB_PASSWORD
export BENCH_SMOKE=1
# Run from verify, the classes are those just compiled and tested: the Java benchmarks run them
# as they are instead of compiling again.
export BENCH_NO_BUILD="${ICHIDO_SMOKE_FROM_VERIFY:-0}"
# The nested Maven runs (./mvnw in each script) work as the outer one does: offline if it is, and
# on its local repository.
[[ "${ICHIDO_SMOKE_OFFLINE:-}" == offline=true ]] && MAVEN_ARGS="${MAVEN_ARGS:-} -o"
[[ -n "${ICHIDO_SMOKE_REPOSITORY:-}" ]] && MAVEN_ARGS="${MAVEN_ARGS:-} -Dmaven.repo.local=$ICHIDO_SMOKE_REPOSITORY"
export MAVEN_ARGS="${MAVEN_ARGS:-}"

benchmarks=()
for argument in "$@"; do # names, or lists of them with commas (-Dichido.benchSmoke=...)
  IFS=, read -ra names <<<"$argument"
  benchmarks+=(${names[@]+"${names[@]}"})
done
((${#benchmarks[@]} > 0)) || benchmarks=(fingerprint payment-log bench)

# Run on its own, bench.sh builds the WAR again with the bench profile's endpoints, in target/:
# the WAR, its exploded directory and the classes are put back afterwards. Run from verify, it
# builds nothing (BENCH_NO_BUILD): it copies the tested WAR and adds the endpoints verify compiled
# to the copy, so target/ is left as verify made it, and what ./mvnw install takes is what was tested.
saved=()
save_build() {
  local path
  rm -rf "$SAVED"
  mkdir -p "$SAVED"
  for path in ichido.war ichido classes; do
    if [[ -e "$ROOT/target/$path" ]]; then
      cp -a "$ROOT/target/$path" "$SAVED/$path"
      saved+=("$path")
    fi
  done
}
restore_build() {
  local path
  for path in ${saved[@]+"${saved[@]}"}; do
    rm -rf "${ROOT:?}/target/$path"
    mv "$SAVED/$path" "$ROOT/target/$path"
  done
  saved=()
  rm -rf "$SAVED"
}
trap restore_build EXIT

mkdir -p "$OUT"
script_of() { if [[ "$1" == bench ]]; then echo "$ROOT/src/bench/bench.sh"; else echo "$ROOT/src/bench/$1-bench.sh"; fi; }
# run_benchmark NAME [NICENESS]: runs one (niced by that much), its output in $OUT/NAME.log, and
# writes how it went (one line, or the end of its log) to $OUT/NAME.result; its status is the
# benchmark's.
run_benchmark() {
  local benchmark=$1 niceness=${2:-0} script log started status=0
  script="$(script_of "$benchmark")"
  log="$OUT/$benchmark.log"
  started=$SECONDS
  nice -n "$niceness" bash "$script" </dev/null >"$log" 2>&1 || status=$?
  if ((status == 0)); then
    echo "smoke.sh: ${script#$ROOT/} ran in $((SECONDS - started)) s (report: ${log#$ROOT/})" >"$OUT/$benchmark.result"
  else
    {
      echo "smoke.sh: ${script#$ROOT/} FAILED with status $status after $((SECONDS - started)) s; the end of ${log#$ROOT/}:"
      tail -n 60 "$log"
    } >"$OUT/$benchmark.result"
  fi
  return "$status"
}

for benchmark in "${benchmarks[@]}"; do
  case "$benchmark" in
    fingerprint | payment-log | bench) ;;
    *) echo "smoke.sh: no benchmark '$benchmark' (fingerprint, payment-log, bench)" >&2; exit 2 ;;
  esac
done
failed=()
report() { # benchmark status
  if (($2 == 0)); then
    cat "$OUT/$1.result"
  else
    cat "$OUT/$1.result" >&2
    failed+=("$(script_of "$1" | sed "s|^$ROOT/||")")
  fi
}
if [[ "$BENCH_NO_BUILD" == 1 ]]; then
  # Nothing is built, so nothing in target/ changes under another's feet: all at once, each on
  # ports of its own (bench.sh's, and payment-log-bench.sh's PostgreSQL on BENCH_LOG_DB_PORT).
  # bench.sh waits for its servers most of its time; the two others take what CPU is left over
  # (nice), so that they lengthen it as little as they can.
  declare -A pids=()
  for benchmark in "${benchmarks[@]}"; do
    run_benchmark "$benchmark" "$([[ "$benchmark" == bench ]] && echo 0 || echo 10)" &
    pids[$benchmark]=$!
  done
  for benchmark in "${benchmarks[@]}"; do
    status=0
    wait "${pids[$benchmark]}" || status=$?
    report "$benchmark" "$status"
  done
else
  # Run on its own, bench.sh builds the WAR in target/ (and puts it back), and the others compile
  # there: one after the other.
  for benchmark in "${benchmarks[@]}"; do
    [[ "$benchmark" == bench ]] && save_build
    status=0
    run_benchmark "$benchmark" || status=$?
    [[ "$benchmark" == bench ]] && restore_build
    report "$benchmark" "$status"
  done
fi
if ((${#failed[@]} > 0)); then
  echo "smoke.sh: benchmarks that no longer run: ${failed[*]}" >&2
  exit 1
fi

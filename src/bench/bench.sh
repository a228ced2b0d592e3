#!/usr/bin/env bash
# What the idempotency layer costs: latency added to POST /api/orders at a fixed rate, replay
# latency, throughput against the layer's own SQL, and the server's memory, in one table.
#
# Usage, from anywhere in the repository:  src/bench/bench.sh
# Needs wrk, psql, pgbench, curl and a JDK 17 (java, jcmd). It builds the WAR and starts its own
# embedded PostgreSQL and Liberty on ports of its own, and stops them again, in 5 to 6 minutes.
# Every measurement is taken against baselines measured in the same run: absolute numbers on a
# shared machine drift from run to run, ratios and differences much less. The database is the run
# command's, durable (fsync, synchronous_commit and full_page_writes on): the script checks, prints
# the settings, and refuses to measure anything else.
#
# Settings (environment):
#   BENCH_HTTP_PORT=9180 BENCH_HTTPS_PORT=9543 BENCH_DB_PORT=15442   ports, all must be free
#   BENCH_HEAP=512m              Liberty's -Xmx
#   BENCH_RATE=200               fixed rate of the latency test, requests/s
#   BENCH_ROUNDS=15 BENCH_SEGMENT_SECONDS=2
#                                latency test: rounds of baseline, fresh and replay segments
#   BENCH_CONNECTIONS=16         wrk connections and pgbench clients
#   BENCH_THROUGHPUT_SECONDS=20  throughput time per kind (wrk: in 4 slices, interleaved; pgbench)
#   BENCH_SKUS=16                products the orders are spread over
#   BENCH_WARMUP_MIN=45 BENCH_WARMUP_MAX=120
#                                bounds of the warm-up, seconds (it ends once the JIT settles)
#   BENCH_START_TIMEOUT=420      seconds allowed for the build and server start
# Exit status: 0 when every measurement ran (whatever PASS/MISS says), 1 when the run failed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BENCH_DIR="$ROOT/src/bench"
OUT="$ROOT/target/bench"
PGDATA_DIR="$ROOT/target/bench-pgdata"

HTTP_PORT="${BENCH_HTTP_PORT:-9180}"
HTTPS_PORT="${BENCH_HTTPS_PORT:-9543}"
DB_PORT="${BENCH_DB_PORT:-15442}"
HEAP="${BENCH_HEAP:-512m}"
RATE="${BENCH_RATE:-200}"
ROUNDS="${BENCH_ROUNDS:-15}"
SEGMENT_SECONDS="${BENCH_SEGMENT_SECONDS:-2}"
CONNECTIONS="${BENCH_CONNECTIONS:-16}"
THROUGHPUT_SECONDS="${BENCH_THROUGHPUT_SECONDS:-20}"
SKU_COUNT="${BENCH_SKUS:-16}"
WARMUP_MIN="${BENCH_WARMUP_MIN:-45}"
WARMUP_MAX="${BENCH_WARMUP_MAX:-120}"
START_TIMEOUT="${BENCH_START_TIMEOUT:-420}"

# Targets
MAX_ADDED_P50_MS=1
MAX_ADDED_P99_MS=3
MIN_THROUGHPUT_RATIO=0.5
MIN_LAYER_THROUGHPUT_SHARE=0.85

BASE_URL="http://127.0.0.1:$HTTP_PORT"
CREDENTIALS="shop-a:shop-a-secret"
RUN_ID="$(date +%s)"
SKUS="$(seq -f 'BENCH-%02g' 1 "$SKU_COUNT" | paste -sd,)"
WRK_THREADS="$(nproc)"

export PGPASSWORD=ichido
PSQL=(psql -h 127.0.0.1 -p "$DB_PORT" -U ichido -d ichido -v ON_ERROR_STOP=1 -qAt)

MVN_PID=""
LIBERTY_PID=""
LOCK_SAMPLER_PID=""

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'bench.sh: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# Preconditions

require() {
  command -v "$1" >/dev/null 2>&1 || die "$1 not found. $2"
}
require wrk "Install it with: apt-get install wrk"
require psql "Install it with: apt-get install postgresql-client"
require pgbench "Install it with: apt-get install postgresql-client (pgbench comes with it)"
require curl "Install it with: apt-get install curl"
require java "A JDK 17 or later is needed."
require jcmd "A full JDK (not a JRE) is needed: jcmd checks Liberty's heap cap."

# Something already listening would be used instead of what this script starts: DevDatabase
# adopts any PostgreSQL on its port, and the readiness probe would answer for another Liberty.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$HTTP_PORT" "$HTTPS_PORT" "$DB_PORT"; do
  if port_in_use "$port"; then
    die "port $port is already in use; pick others with BENCH_HTTP_PORT, BENCH_HTTPS_PORT, BENCH_DB_PORT"
  fi
done

# ---------------------------------------------------------------------------------------------
# Processes: Maven runs DevDatabase (which starts PostgreSQL in a session of its own) and then
# Liberty in the foreground as its child. Stopping Liberty ends Maven, whose shutdown hooks stop
# PostgreSQL; the steps after that are for when one of those links did not hold.

alive() { # a zombie (exited, not yet waited for) counts as gone
  local state
  kill -0 "$1" 2>/dev/null || return 1
  state="$(ps -o stat= -p "$1" 2>/dev/null || true)"
  [[ "$state" != Z* ]]
}

wait_gone() { # pid seconds
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    alive "$1" || return 0
    sleep 0.1
  done
  return 1
}

descendants() {
  local children child
  children="$(ps -o pid= --ppid "$1" 2>/dev/null || true)"
  for child in $children; do
    echo "$child"
    descendants "$child"
  done
}

find_liberty() {
  local pid
  for pid in $(descendants "$MVN_PID"); do
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'ws-server.jar'; then
      echo "$pid"
      return 0
    fi
  done
  return 1
}

postmaster_pid() {
  local pid
  [[ -f "$PGDATA_DIR/postmaster.pid" ]] || return 1
  pid="$(head -n1 "$PGDATA_DIR/postmaster.pid")"
  # A stale pid file may name an unrelated process by now.
  [[ -n "$pid" ]] && alive "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$PGDATA_DIR" && echo "$pid"
}

stop_everything() {
  local pid
  [[ -n "$LOCK_SAMPLER_PID" ]] && kill "$LOCK_SAMPLER_PID" 2>/dev/null
  if [[ -n "$MVN_PID" ]]; then
    log "stopping Liberty, Maven and PostgreSQL"
    [[ -z "$LIBERTY_PID" ]] && LIBERTY_PID="$(find_liberty || true)"
    if [[ -n "$LIBERTY_PID" ]] && alive "$LIBERTY_PID"; then
      kill -TERM "$LIBERTY_PID" 2>/dev/null || true
    fi
    if ! wait_gone "$MVN_PID" 60; then
      # Maven was started with setsid, so its process group is exactly what it started.
      kill -TERM -- "-$MVN_PID" 2>/dev/null || true
      wait_gone "$MVN_PID" 15 || kill -KILL -- "-$MVN_PID" 2>/dev/null || true
    fi
    wait "$MVN_PID" 2>/dev/null || true
    MVN_PID=""
  fi
  if pid="$(postmaster_pid)"; then
    kill -INT "$pid" 2>/dev/null || true # fast shutdown
    wait_gone "$pid" 30 || kill -KILL "$pid" 2>/dev/null || true
  fi
  local left
  left="$(ps -eo pid=,args= | grep -F -e "$ROOT/target/liberty" -e "$PGDATA_DIR" | grep -v grep || true)"
  if [[ -n "$left" ]]; then
    printf 'bench.sh: WARNING, still running:\n%s\n' "$left" >&2
  fi
}
trap stop_everything EXIT
trap 'exit 130' INT TERM
trap 'printf "bench.sh: failed at line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

# ---------------------------------------------------------------------------------------------
# Build and start

rm -rf "$OUT" "$PGDATA_DIR" # a fresh database each run, so that runs compare
mkdir -p "$OUT"
log "building and starting Liberty and PostgreSQL (log: ${OUT#$ROOT/}/server.log)"
# The run profile's goals less exec:exec@dev-gateway-sandbox: orders never call a payment
# gateway, and the sandbox's port (18080) is fixed, so it would collide with a developer's run.
# exec:java@dev-server opens plain HTTP, which server.xml keeps closed.
RUN_GOALS=(package liberty:create liberty:deploy exec:java@dev-database exec:java@dev-server exec:exec@liberty-foreground)
(
  cd "$ROOT"
  # DB_HOST would point the run profile at an external database; this run measures its own.
  # JVM_ARGS also reaches the short-lived JVM of "server stop", hence a GC log per process id.
  exec env -u DB_HOST -u DB_PORT \
    HTTP_PORT="$HTTP_PORT" HTTPS_PORT="$HTTPS_PORT" \
    ICHIDO_BENCH_BASELINE_ENDPOINT=true \
    JVM_ARGS="-Xmx$HEAP -Xlog:gc:file=$OUT/liberty-gc-%p.log" \
    setsid ./mvnw -B -Prun -Dichido.dev.port="$DB_PORT" -Dichido.dev.dataDir="$PGDATA_DIR" \
    "${RUN_GOALS[@]}" </dev/null >"$OUT/server.log" 2>&1
) &
MVN_PID=$!

started=$SECONDS
until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE_URL/health/ready" || true)" == 200 ]]; do
  if ! alive "$MVN_PID"; then
    status=0
    wait "$MVN_PID" || status=$?
    MVN_PID=""
    tail -n 40 "$OUT/server.log" >&2
    die "Maven exited with status $status before the server was ready; see ${OUT#$ROOT/}/server.log"
  fi
  ((SECONDS - started < START_TIMEOUT)) || die "not ready after ${START_TIMEOUT}s; see ${OUT#$ROOT/}/server.log"
  sleep 1
done
LIBERTY_PID="$(find_liberty)" || die "Liberty is answering but its process was not found under Maven"
log "ready after $((SECONDS - started))s (Liberty pid $LIBERTY_PID)"

# The cap must really be in force, or the memory figure means nothing.
max_heap_bytes="$(jcmd "$LIBERTY_PID" VM.flags | tr ' ' '\n' | sed -n 's/^-XX:MaxHeapSize=//p')"
case "$HEAP" in
  *[gG]) want_bytes=$((${HEAP%?} * 1024 * 1024 * 1024)) ;;
  *[mM]) want_bytes=$((${HEAP%?} * 1024 * 1024)) ;;
  *) want_bytes="$HEAP" ;;
esac
[[ "$max_heap_bytes" == "$want_bytes" ]] ||
  die "Liberty's MaxHeapSize is $max_heap_bytes, not -Xmx$HEAP: JVM_ARGS did not apply"

# Stock would run out within seconds; spread over several products so that orders do not all
# queue on one stock row's lock.
"${PSQL[@]}" <<SQL
INSERT INTO product (sku, name, unit_price, tax_rate)
  SELECT 'BENCH-' || lpad(i::text, 2, '0'), 'Bench item ' || i, 100, 10 FROM generate_series(1, $SKU_COUNT) i
  ON CONFLICT DO NOTHING;
INSERT INTO stock (sku, on_hand, reserved)
  SELECT 'BENCH-' || lpad(i::text, 2, '0'), 2000000000, 0 FROM generate_series(1, $SKU_COUNT) i
  ON CONFLICT (sku) DO UPDATE SET on_hand = 2000000000, reserved = 0;
SQL

run_wrk() { # mode connections seconds label: prints wrk's summary line (see orders.lua)
  local logfile="$OUT/$4.log"
  mkdir -p "$(dirname "$logfile")"
  # The label goes into the keys too: wrk numbers them from 1 in every run, and a key reused
  # with another body (the SKU is random) would be answered 422, not measured.
  wrk -t"$WRK_THREADS" -c"$2" -d"$3s" --timeout 10s -s "$BENCH_DIR/orders.lua" "$BASE_URL" \
    -- "$1" "$RUN_ID-${4//\//-}" "$SKUS" "$CREDENTIALS" >"$logfile" 2>&1 || die "wrk failed; see $logfile"
  grep '^WRK ' "$logfile" | tail -n1
}
field() { # line name
  sed -n "s/.*[[:space:]]$2=\([^[:space:]]*\).*/\1/p" <<<" $1"
}
# Liberty's own performance counters, through jcmd: jstat reads them from a file in /tmp that a
# JVM in another PID namespace on the same machine may delete as stale.
perf_counter() { # name...: the values, in seconds where the counter counts clock ticks
  jcmd "$LIBERTY_PID" PerfCounter.print | awk -F= -v names="$*" '
    BEGIN { n = split(names, wanted, " ") }
    { value[$1] = $2 }
    END {
      for (i = 1; i <= n; i++) {
        v = value[wanted[i]]
        printf "%s%s", (i > 1 ? " " : ""), (wanted[i] ~ /[Tt]ime$/ ? v / value["sun.os.hrt.frequency"] : v)
      }
      print ""
    }'
}
# Seconds Liberty's JIT compiler threads have spent compiling so far (summed over the threads,
# so a share of the wall time can exceed 1).
jit_seconds() { perf_counter java.ci.totalTime; }
now() { date +%s.%N; }
share() { # before-seconds after-seconds wall-start: what fraction of the wall time that was
  awk -v a="$1" -v b="$2" -v t0="$3" -v t1="$(now)" 'BEGIN { printf "%.2f", (b - a) / (t1 - t0) }'
}

# How busy the machine was with other work while this ran: its busy CPU time less that of the
# processes this script started (the script's waited-for children, Maven, Liberty, PostgreSQL).
# Interrupt time is left out: the kernel does not charge it to any process, and most of it is this
# run's own loopback traffic. Steal (the hypervisor running someone else) is counted.
machine_busy_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $9 }' /proc/stat; }
process_ticks() { # pid: user + system time of the process and of its children that have exited
  awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
own_ticks() {
  local pid total=0 postmaster
  postmaster="$(postmaster_pid || true)"
  for pid in $$ "$MVN_PID" "$LIBERTY_PID" $postmaster \
    $([[ -n "$postmaster" ]] && ps -o pid= --ppid "$postmaster"); do
    total=$((total + $(process_ticks "$pid")))
  done
  echo "$total"
}
cpu_start_machine="$(machine_busy_ticks)"
cpu_start_own="$(own_ticks)"
cpu_start_wall="$(now)"

# ---------------------------------------------------------------------------------------------
# Warm-up. A fresh Liberty keeps its JIT compilers busy for a minute or two under load, and
# until they are done both latency and throughput drift. Closed loop, all three kinds of
# request, until the compilers are busy less than a quarter of the time. One connection per CPU:
# with more, the request threads crowd the compiler threads out and the warm-up takes twice as
# long.

# Production never runs with fsync or synchronous_commit off: neither may the benchmark.
db_settings="$("${PSQL[@]}" -c "SELECT string_agg(name || '=' || setting, ', ' ORDER BY name)
  FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')")"
[[ "$db_settings" == "fsync=on, full_page_writes=on, synchronous_commit=on" ]] ||
  die "the database is not durable ($db_settings); the benchmark measures only a durable one"

log "warming up, closed loop, until Liberty's JIT settles (${WARMUP_MIN}s to ${WARMUP_MAX}s)"
warm_started=$SECONDS
round=0
while :; do
  round=$((round + 1))
  jit_before="$(jit_seconds)"
  round_started="$(now)"
  for mode in baseline fresh replay; do
    run_wrk "$mode" "$(nproc)" 5 "warmup/$round-$mode" >/dev/null
  done
  jit_warmup="$(share "$jit_before" "$(jit_seconds)" "$round_started")"
  log "  $((SECONDS - warm_started))s: JIT busy $jit_warmup of the last round"
  if ((SECONDS - warm_started >= WARMUP_MIN)) && awk -v j="$jit_warmup" 'BEGIN { exit !(j < 0.25) }'; then
    break
  fi
  if ((SECONDS - warm_started + 15 > WARMUP_MAX)); then
    log "  JIT still busy; measuring anyway"
    break
  fi
done
warmup_seconds=$((SECONDS - warm_started))

# ---------------------------------------------------------------------------------------------
# 3: throughput, closed loop, against the layer's own SQL at the same concurrency. Before the
# latency test, which it warms further; pgbench comes last, because the dead rows it leaves
# behind set autovacuum going.

# Slices of the two kinds in turn, for the same reason as the latency test's rounds: what the
# JIT still compiles, or what else runs on the machine, then weighs on both alike.
log "throughput: wrk, $CONNECTIONS connections, baseline and fresh keys in turn, ${THROUGHPUT_SECONDS}s each"
slice_seconds=$((THROUGHPUT_SECONDS / 4))
declare -A tp_requests=() tp_us=() tp_failed=()
jit_before="$(jit_seconds)"
phase_started="$(now)"
db_phase_started="$("${PSQL[@]}" -c "SELECT clock_timestamp()")"
# Who waits on a lock, ten times a second, while the load runs: a wait on an advisory lock would
# be a lock every writer shares (the payment log's old append lock was one).
sample_lock_waits() {
  while :; do
    "${PSQL[@]}" -c "SELECT coalesce(l.locktype, a.wait_event) FROM pg_stat_activity a
      LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
      WHERE a.datname = 'ichido' AND a.wait_event_type = 'Lock'" 2>/dev/null || true
    echo "--sample"
    sleep 0.1
  done
}
sample_lock_waits >"$OUT/lock-waits.log" &
LOCK_SAMPLER_PID=$!
for slice in 1 2 3 4; do
  for mode in baseline fresh; do
    line="$(run_wrk "$mode" "$CONNECTIONS" "$slice_seconds" "throughput/$slice-$mode")"
    tp_requests[$mode]=$((${tp_requests[$mode]:-0} + $(field "$line" requests)))
    tp_us[$mode]=$((${tp_us[$mode]:-0} + $(field "$line" duration_us)))
    tp_failed[$mode]=$((${tp_failed[$mode]:-0} + $(field "$line" non2xx) + $(field "$line" socket_errors)))
  done
done
jit_throughput="$(share "$jit_before" "$(jit_seconds)" "$phase_started")"
kill "$LOCK_SAMPLER_PID" 2>/dev/null || true
wait "$LOCK_SAMPLER_PID" 2>/dev/null || true
lock_samples="$(grep -c '^--sample' "$OUT/lock-waits.log" || true)"
lock_waits="$(grep -vc '^--sample' "$OUT/lock-waits.log" || true)"
advisory_waits="$(grep -c '^advisory$' "$OUT/lock-waits.log" || true)"
lock_wait_kinds="$(grep -v '^--sample' "$OUT/lock-waits.log" | sort | uniq -c | sort -rn |
  awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')"
# How long committed facts waited for the sequencer under that load.
read -r chained_facts fresh50 fresh99 < <("${PSQL[@]}" -F ' ' -c "
  SELECT count(*),
    coalesce(round(1000 * extract(epoch FROM percentile_disc(0.5) WITHIN GROUP (ORDER BY chained_at - logged_at))), 0),
    coalesce(round(1000 * extract(epoch FROM percentile_disc(0.99) WITHIN GROUP (ORDER BY chained_at - logged_at))), 0)
  FROM payment_log WHERE chained_at >= '$db_phase_started'")
rps() { awk -v n="${tp_requests[$1]}" -v us="${tp_us[$1]}" 'BEGIN { printf "%.1f", n / (us / 1e6) }'; }

# ---------------------------------------------------------------------------------------------
# 1 and 2: latency at a fixed rate (open loop)

log "latency at $RATE requests/s: $ROUNDS rounds of baseline, fresh key, replay, ${SEGMENT_SECONDS}s each"
gc_stats() { perf_counter sun.gc.collector.0.invocations sun.gc.collector.0.time; } # G1 young pauses
gc_before="$(gc_stats)"
jit_before="$(jit_seconds)"
phase_started="$(now)"
# The driver warms itself up first (5 s per kind at the fixed rate). C1 only, serial GC and a
# fixed heap: it is quick to warm up, and its own compiler threads and pauses take as little
# from the server as possible.
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms256m -Xmx256m "$BENCH_DIR/FixedRateDriver.java" \
  --base="$BASE_URL" --rate="$RATE" --warmup=15 --seconds="$SEGMENT_SECONDS" --rounds="$ROUNDS" \
  --user="${CREDENTIALS%%:*}" --password="${CREDENTIALS#*:}" --skus="$SKUS" --run-id="fr$RUN_ID" \
  >"$OUT/latency.log" 2>&1 || { cat "$OUT/latency.log" >&2; die "the fixed-rate driver failed"; }
jit_latency="$(share "$jit_before" "$(jit_seconds)" "$phase_started")"
gc_after="$(gc_stats)"
lat_baseline="$(grep '^RESULT kind=baseline ' "$OUT/latency.log")"
lat_fresh="$(grep '^RESULT kind=fresh ' "$OUT/latency.log")"
lat_replay="$(grep '^RESULT kind=replay ' "$OUT/latency.log")"
lat_paired="$(grep '^PAIRED ' "$OUT/latency.log")"

log "pgbench: the layer's SQL, $CONNECTIONS clients, ${THROUGHPUT_SECONDS}s"
pgbench -h 127.0.0.1 -p "$DB_PORT" -U ichido -n -M prepared -c "$CONNECTIONS" -j "$WRK_THREADS" \
  -T "$THROUGHPUT_SECONDS" -D scope=principal:shop-a -f "$BENCH_DIR/idempotency-layer.sql" ichido \
  >"$OUT/pgbench.log" 2>&1 || { tail -n 20 "$OUT/pgbench.log" >&2; die "pgbench failed"; }
pgbench_tps="$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p' "$OUT/pgbench.log")"
pgbench_failed="$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$OUT/pgbench.log")"
[[ -n "$pgbench_tps" ]] || die "no TPS in ${OUT#$ROOT/}/pgbench.log"
# pgbench does not look at row counts: a completion that matched no row would be cheap and
# flatter the SQL. Every claimed key must have been completed.
pgbench_done="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$OUT/pgbench.log")"
read -r pgbench_rows pgbench_in_flight < <("${PSQL[@]}" -F ' ' -c \
  "SELECT count(*), count(*) FILTER (WHERE status <> 'COMPLETED') FROM idempotency_key WHERE idem_key LIKE 'pgb-%'")
((pgbench_rows >= pgbench_done && pgbench_in_flight == 0)) ||
  die "pgbench ran $pgbench_done transactions but left $pgbench_rows keys, $pgbench_in_flight not completed"

# ---------------------------------------------------------------------------------------------
# 4: memory. VmHWM is the peak resident set over the process's life, so reading it last covers
# the whole run.

vm_hwm_kb="$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$LIBERTY_PID/status")"

other_cpus="$(awk -v m="$(($(machine_busy_ticks) - cpu_start_machine))" -v o="$(($(own_ticks) - cpu_start_own))" \
  -v t0="$cpu_start_wall" -v t1="$(now)" -v hz="$(getconf CLK_TCK)" \
  'BEGIN { x = (m - o) / hz / (t1 - t0); printf "%.2f", x < 0 ? 0 : x }')"

stop_everything
trap - EXIT

# ---------------------------------------------------------------------------------------------
# The table

ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
verdict() { # awk condition over a and b, errors
  if [[ "$3" != 0 ]]; then echo "MISS (errors)"; return; fi
  awk -v a="$1" -v b="$2" "BEGIN { exit !($4) }" && echo PASS || echo MISS
}

b50="$(field "$lat_baseline" p50_us)"; b99="$(field "$lat_baseline" p99_us)"
f50="$(field "$lat_fresh" p50_us)"; f99="$(field "$lat_fresh" p99_us)"
r50="$(field "$lat_replay" p50_us)"; r99="$(field "$lat_replay" p99_us)"
lat_errors=$(($(field "$lat_baseline" errors) + $(field "$lat_fresh" errors)))
replay_errors=$(($(field "$lat_baseline" errors) + $(field "$lat_replay" errors)))
added50="$(field "$lat_paired" fresh_minus_baseline_p50_us)"
added99="$(field "$lat_paired" fresh_minus_baseline_p99_us)"
tp_base="$(rps baseline)"; tp_orders="$(rps fresh)"
tp_errors=$((${tp_failed[fresh]} + ${pgbench_failed:-0}))
ratio="$(awk -v a="$tp_orders" -v b="$pgbench_tps" 'BEGIN { printf "%.2f", a / b }')"
layer_share="$(awk -v a="$tp_orders" -v b="$tp_base" 'BEGIN { printf "%.2f", a / b }')"
replay_vs="$(awk -v a="$r50" -v b="$b50" 'BEGIN { printf "%.2f", a / b }')"

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
mem_gib="$(awk '/^MemTotal:/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo)"
commit="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"

row() { printf '%-56s %-22s %-10s %s\n' "$@"; }
echo
echo "Ichido idempotency layer benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
echo "Machine: $(nproc) CPUs, $cpu, $mem_gib GiB RAM; Liberty with -Xmx$HEAP (MaxHeapSize $((max_heap_bytes / 1048576)) MiB, checked with jcmd)"
echo "PostgreSQL: $db_settings"
echo "Client, server and database share this machine; other processes used $other_cpus of its $(nproc) CPUs on average meanwhile."
echo
row "Measurement" "Value" "Target" "Result"
row "--------------------------------------------------------" "----------------------" "----------" "------"
row "1. Fixed rate $RATE req/s, open loop, $ROUNDS x ${SEGMENT_SECONDS} s per kind" "p50 / p99 (ms)" "" ""
row "   POST /api/bench/orders (baseline, no layer)" "$(ms "$b50") / $(ms "$b99")" "" ""
row "   POST /api/orders, fresh key" "$(ms "$f50") / $(ms "$f99")" "" ""
row "   added by the layer, p50 (median of $ROUNDS rounds)" "$(ms "$added50") ms" "<= $MAX_ADDED_P50_MS ms" \
  "$(verdict "$added50" "$MAX_ADDED_P50_MS" "$lat_errors" 'a <= b * 1000')"
row "   added by the layer, p99 (median of $ROUNDS rounds)" "$(ms "$added99") ms" "<= $MAX_ADDED_P99_MS ms" \
  "$(verdict "$added99" "$MAX_ADDED_P99_MS" "$lat_errors" 'a <= b * 1000')"
row "   (whole-run p50 / p99 differences)" "$(ms $((f50 - b50))) / $(ms $((f99 - b99))) ms" "" ""
row "2. Replay (same key and body), same rate" "$(ms "$r50") / $(ms "$r99")" "" ""
row "   replay p50 / baseline p50" "${replay_vs}x" "<= 1.00x" \
  "$(verdict "$r50" "$b50" "$replay_errors" 'a <= b')"
row "3. Throughput, closed loop, $CONNECTIONS connections, ${THROUGHPUT_SECONDS} s per kind" "" "" ""
row "   wrk POST /api/bench/orders (baseline)" "$tp_base req/s" "" ""
row "   wrk POST /api/orders, fresh key" "$tp_orders req/s" "" ""
row "   fresh key / baseline" "$layer_share" ">= $MIN_LAYER_THROUGHPUT_SHARE" \
  "$(verdict "$tp_orders" "$tp_base" "$tp_errors" "a >= b * $MIN_LAYER_THROUGHPUT_SHARE")"
row "   pgbench, the layer's SQL alone, $CONNECTIONS clients" "$(printf '%.1f' "$pgbench_tps") tps" "" ""
row "   POST /api/orders / pgbench" "$ratio" ">= $MIN_THROUGHPUT_RATIO" \
  "$(verdict "$tp_orders" "$pgbench_tps" "$tp_errors" "a >= b * $MIN_THROUGHPUT_RATIO")"
row "   payment log: commit -> chained p50 / p99 ($chained_facts facts)" "$fresh50 / $fresh99 ms" "p99 <= 1000 ms" \
  "$( ((chained_facts > 0)) && verdict "$fresh99" 1000 0 'a <= b' || echo "MISS (none chained)")"
row "   waits on a lock every writer shares (advisory), samples" "$advisory_waits of $lock_samples" "0" \
  "$(verdict "$advisory_waits" 0 0 'a == b')"
row "4. Liberty JVM peak RSS (VmHWM), heap -Xmx$HEAP" "$((vm_hwm_kb / 1024)) MiB" "" ""
echo
echo "Requests that failed: latency baseline/fresh/replay $(field "$lat_baseline" errors)/$(field "$lat_fresh" errors)/$(field "$lat_replay" errors)," \
  "wrk baseline/fresh ${tp_failed[baseline]}/${tp_failed[fresh]}, pgbench ${pgbench_failed:-0}"
echo "Sends more than 1 ms behind the driver's timetable (latency still counted from the timetable):" \
  "baseline/fresh/replay $(field "$lat_baseline" late_sends)/$(field "$lat_fresh" late_sends)/$(field "$lat_replay" late_sends) of $(field "$lat_baseline" n) each"
echo "Lock waits seen in $lock_samples samples during the throughput runs: ${lock_waits} (${lock_wait_kinds:-none})"
echo "Warm-up: ${warmup_seconds}s closed loop. Liberty's JIT compiler threads were busy $jit_warmup of the time" \
  "in its last round, $jit_throughput during the throughput runs, $jit_latency during the latency test"
awk -v b="$gc_before" -v a="$gc_after" 'BEGIN { split(b, x, " "); split(a, y, " ")
  printf "Liberty young GC pauses during the latency test (with its warm-up): %d, %.0f ms in all\n", y[1] - x[1], (y[2] - x[2]) * 1000 }'
echo "Logs: ${OUT#$ROOT/}/ (per-segment latencies in latency.log, Liberty's GC in liberty-gc-$LIBERTY_PID.log)"

#!/usr/bin/env bash
# What the idempotency layer costs: latency added to POST /api/orders at a fixed rate, replay
# latency, throughput against the layer's own SQL, what the payment log costs the same requests,
# an @Idempotent endpoint that does nothing (fresh keys and replays) against pgbench of the SQL it
# issues, two servers behind HAProxy against one, and the server's memory, in one table.
#
# Usage, from anywhere in the repository:  src/bench/bench.sh
# Needs wrk, psql, pgbench, curl, haproxy and a JDK 17 (java, jcmd). It builds the WAR (unless
# BENCH_NO_BUILD=1) and starts its own embedded PostgreSQL and Liberty (later a second Liberty from
# the same installation, and HAProxy) on ports of its own, and stops them again, in 9 to 13 minutes.
# Every measurement is taken against baselines measured in the same run: absolute numbers on a
# shared machine drift from run to run, ratios and differences much less. The database is the run
# command's, durable (fsync, synchronous_commit and full_page_writes on): the script checks, prints
# the settings, and refuses to measure anything else.
#
# Settings (environment):
#   BENCH_HTTP_PORT=9180 BENCH_HTTPS_PORT=9543 BENCH_DB_PORT=15442   ports, all must be free
#   BENCH_HTTP_PORT_2=9181 BENCH_HTTPS_PORT_2=9544 BENCH_LB_PORT=9182
#                                the second Liberty's ports and HAProxy's, free too
#   BENCH_HEAP=512m              Liberty's -Xmx
#   BENCH_RATE                   fixed rate of the latency test, requests/s; by default 40 % of
#                                the fresh-key throughput measured just before, so that the test
#                                measures the layer, not a queue (on a durable database a fixed
#                                200/s was close to saturation: every commit waits for the disk)
#   BENCH_ROUNDS=15 BENCH_SEGMENT_SECONDS=2
#                                latency test: rounds of baseline, fresh and replay segments
#   BENCH_CONNECTIONS=16         wrk connections and pgbench clients
#   BENCH_THROUGHPUT_SECONDS=20  throughput time per kind (wrk: in slices, interleaved; pgbench)
#   BENCH_SLICES=4               slices each kind's throughput time is cut into
#   BENCH_SKUS=16                products the orders are spread over
#   BENCH_WARMUP_MIN=45 BENCH_WARMUP_MAX=120
#                                bounds of the warm-up, seconds (it ends once the JIT settles)
#   BENCH_START_TIMEOUT=420      seconds allowed for the build and server start
#   BENCH_PROFILE=1              0: no CPU profile (section 7: async-profiler on Liberty)
#   BENCH_PROFILE_SECONDS=10     wrk time per kind while the profiler runs
#   BENCH_WARMUP_ROUND_SECONDS=5 length of one warm-up round per kind (and of echo's warm-up)
#   BENCH_DRIVER_WARMUP=15       the fixed-rate driver's own warm-up, seconds over the three kinds
#                                (0: none)
#   BENCH_PRIME_SECONDS=5        echo: time to complete the keys the replays then reuse
#   BENCH_WARMUP_2_MIN=30 BENCH_WARMUP_2_MAX=90   bounds of the second Liberty's warm-up
#   BENCH_PGBENCH_SECONDS        each pgbench run; BENCH_THROUGHPUT_SECONDS by default
#   BENCH_PEER_JAR               the Spring peer's app jar (idempotency4j on Spring Boot, built as
#                                docs/benchmarks.md says): section 8 then runs it beside Ichido on
#                                the same PostgreSQL, one INSERT with and without each layer in
#                                turn; unset, the peer is not measured and the table says so
#   BENCH_PEER_JAVA              a Java 21+ for the peer; by default the Temurin 25 under
#                                /usr/lib/jvm, if there is one
#   BENCH_PEER_PORT=9183         the peer's HTTP port, free too
#   BENCH_NO_BUILD=1             no build: run what ./mvnw verify has just built and tested (the
#                                exploded WAR, plus the bench endpoints and tools it compiled into
#                                target/bench-classes), as the smoke run in verify does
#   BENCH_SMOKE=1                smoke run, as ./mvnw verify makes it: every phase runs (both
#                                Liberty servers, HAProxy, pgbench, the memory reading) with the
#                                smallest sizes above, and its JVMs with the JIT's first tier only,
#                                in under a minute on a quiet machine: the kinds of a phase at once
#                                (one wrk each, sharing the phase's connections; one profile for all
#                                five), what does not need the other beside it (the second server's
#                                start beside the first one's, the fixed-rate driver beside section
#                                4, pgbench beside the second server's start), and the servers
#                                killed at the end; the table says that its figures mean nothing
#                                and shows no PASS/MISS. Any setting given explicitly still wins.
# Exit status: 0 when every measurement ran and produced figures (whatever PASS/MISS says), 1 when
# the run failed or a measurement produced nothing (no successful request, no pgbench transaction).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BENCH_DIR="$ROOT/src/bench"
OUT="$ROOT/target/bench"
PGDATA_DIR="$ROOT/target/bench-pgdata"

SMOKE="${BENCH_SMOKE:-0}"
if [[ "$SMOKE" == 1 ]]; then
  # Every phase once, each as short as it can be and still measure something: one throughput
  # slice of 1 s per kind, one warm-up round, one latency round without the driver's own warm-up,
  # 1 s of profile per kind, primes of 1 s (longer if that does not complete the keys).
  : "${BENCH_ROUNDS:=1}" "${BENCH_SEGMENT_SECONDS:=1}" "${BENCH_THROUGHPUT_SECONDS:=1}" "${BENCH_SLICES:=1}"
  : "${BENCH_WARMUP_MIN:=0}" "${BENCH_WARMUP_MAX:=0}" "${BENCH_WARMUP_ROUND_SECONDS:=1}"
  : "${BENCH_DRIVER_WARMUP:=0}" "${BENCH_PRIME_SECONDS:=1}" "${BENCH_PGBENCH_SECONDS:=1}"
  : "${BENCH_WARMUP_2_MIN:=0}" "${BENCH_WARMUP_2_MAX:=0}" "${BENCH_PROFILE_SECONDS:=1}"
  # Its JVMs (Maven with PostgreSQL's migrations, both Liberty servers) start, run seconds and
  # stop: the JIT's first tier alone halves what their start costs on 2 CPUs, and figures that
  # mean nothing lose nothing by it. A real run keeps the optimising compiler it measures.
  SMOKE_JVM="-XX:TieredStopAtLevel=1"
fi
SMOKE_JVM="${SMOKE_JVM:-}"
HTTP_PORT="${BENCH_HTTP_PORT:-9180}"
HTTPS_PORT="${BENCH_HTTPS_PORT:-9543}"
DB_PORT="${BENCH_DB_PORT:-15442}"
HTTP_PORT_2="${BENCH_HTTP_PORT_2:-9181}"
HTTPS_PORT_2="${BENCH_HTTPS_PORT_2:-9544}"
LB_PORT="${BENCH_LB_PORT:-9182}"
HEAP="${BENCH_HEAP:-512m}"
RATE="${BENCH_RATE:-}"
ROUNDS="${BENCH_ROUNDS:-15}"
SEGMENT_SECONDS="${BENCH_SEGMENT_SECONDS:-2}"
CONNECTIONS="${BENCH_CONNECTIONS:-16}"
THROUGHPUT_SECONDS="${BENCH_THROUGHPUT_SECONDS:-20}"
SKU_COUNT="${BENCH_SKUS:-16}"
WARMUP_MIN="${BENCH_WARMUP_MIN:-45}"
WARMUP_MAX="${BENCH_WARMUP_MAX:-120}"
START_TIMEOUT="${BENCH_START_TIMEOUT:-420}"
PROFILE="${BENCH_PROFILE:-1}"
PROFILE_SECONDS="${BENCH_PROFILE_SECONDS:-10}"
PROFILER_VERSION=4.1 # tools.profiler:async-profiler on Maven Central: the agent for linux-x64 and -arm64
WARMUP_ROUND_SECONDS="${BENCH_WARMUP_ROUND_SECONDS:-5}"
DRIVER_WARMUP="${BENCH_DRIVER_WARMUP:-15}"
PRIME_SECONDS="${BENCH_PRIME_SECONDS:-5}"
WARMUP_2_MIN="${BENCH_WARMUP_2_MIN:-30}"
WARMUP_2_MAX="${BENCH_WARMUP_2_MAX:-90}"
PGBENCH_SECONDS="${BENCH_PGBENCH_SECONDS:-$THROUGHPUT_SECONDS}"
SLICES="${BENCH_SLICES:-4}"
((SLICES >= 1 && THROUGHPUT_SECONDS >= SLICES)) ||
  { echo "bench.sh: BENCH_THROUGHPUT_SECONDS must be at least BENCH_SLICES ($SLICES)" >&2; exit 1; }

# Targets
MAX_ADDED_P50_MS=1
MAX_ADDED_P99_MS=3
MIN_THROUGHPUT_RATIO=0.5
MIN_LAYER_THROUGHPUT_SHARE=0.85
MIN_LOGGED_THROUGHPUT_SHARE=0.90 # the payment log costs at most 10 % of the throughput
MIN_ECHO_SHARE=0.6               # of pgbench running the same SQL, fresh keys and replays alike
MAX_RSS_MIB_AT_512M=600

PEER_JAR="${BENCH_PEER_JAR:-}"
PEER_JAVA="${BENCH_PEER_JAVA:-}"
if [[ -z "$PEER_JAVA" ]]; then
  PEER_JAVA="$(ls -d /usr/lib/jvm/temurin-2[5-9]*/bin/java 2>/dev/null | head -n1 || true)"
  PEER_JAVA="${PEER_JAVA:-java}"
fi
PEER_PORT="${BENCH_PEER_PORT:-9183}"
PEER_URL="http://127.0.0.1:$PEER_PORT"
PEER_PID=""

BASE_URL="http://127.0.0.1:$HTTP_PORT"
BASE_URL_2="http://127.0.0.1:$HTTP_PORT_2"
LB_URL="http://127.0.0.1:$LB_PORT"
WLP="$ROOT/target/liberty/wlp"
SERVER_2=ichido-bench2
CREDENTIALS="shop-a:shop-a-secret"
RUN_ID="$(date +%s)"
SKUS="$(seq -f 'BENCH-%02g' 1 "$SKU_COUNT" | paste -sd,)"
WRK_THREADS="$(nproc)"

export PGPASSWORD=ichido
PSQL=(psql -h 127.0.0.1 -p "$DB_PORT" -U ichido -d ichido -v ON_ERROR_STOP=1 -qAt)

MVN_PID=""
LIBERTY_PID=""
LIBERTY_2_PID=""
LIBERTY_2_STOPPING=""
HAPROXY_PID=""
LOCK_SAMPLER_PID=""

log() { printf '==> %4ss %s\n' "$SECONDS" "$*" >&2; } # seconds since the script started
die() { printf 'bench.sh: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# Preconditions

# The tools that come as Debian packages are installed when they are missing and the script may
# (root, or password-less sudo, with apt-get), as the test command installs Chromium; otherwise it
# says which package to install. On Debian 12 pgbench comes with the server package, not with
# postgresql-client (nothing here starts Debian's own server: the script runs its own).
PATH="$PATH:/usr/sbin" # where Debian puts haproxy
. "$ROOT/src/test/debian-packages.sh"
debian_tools=(wrk:wrk psql:postgresql-client pgbench:postgresql curl:curl haproxy:haproxy)
missing_packages=()
for tool in "${debian_tools[@]}"; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing_packages+=("${tool#*:}")
done
if ((${#missing_packages[@]} > 0)); then
  log "installing the missing Debian packages: ${missing_packages[*]}"
  install "${missing_packages[@]}" >&2 || log "could not install them (neither root nor password-less sudo, or no apt-get)"
fi
require() { # command advice
  command -v "$1" >/dev/null 2>&1 || die "$1 not found. $2"
}
for tool in "${debian_tools[@]}"; do
  require "${tool%%:*}" "Install it with: sudo apt-get install ${tool#*:}"
done
require java "A JDK 17 or later is needed."
require jcmd "A full JDK (not a JRE) is needed: jcmd checks Liberty's heap cap."

# Something already listening would be used instead of what this script starts: DevDatabase
# adopts any PostgreSQL on its port, and the readiness probe would answer for another Liberty.
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$HTTP_PORT" "$HTTPS_PORT" "$DB_PORT" "$HTTP_PORT_2" "$HTTPS_PORT_2" "$LB_PORT" \
  ${PEER_JAR:+"$PEER_PORT"}; do
  if port_in_use "$port"; then
    die "port $port is already in use; pick others with BENCH_HTTP_PORT, BENCH_HTTPS_PORT, BENCH_DB_PORT," \
      "BENCH_HTTP_PORT_2, BENCH_HTTPS_PORT_2, BENCH_LB_PORT, BENCH_PEER_PORT"
  fi
done
if [[ -n "$PEER_JAR" ]]; then
  [[ -f "$PEER_JAR" ]] || die "BENCH_PEER_JAR: no file $PEER_JAR (docs/benchmarks.md says how to build the peer)"
  peer_java_major="$("$PEER_JAVA" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p')"
  ((${peer_java_major:-0} >= 21)) ||
    die "the peer needs Java 21 or later; $PEER_JAVA is ${peer_java_major:-unknown}: set BENCH_PEER_JAVA"
fi

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

# HAProxy, and the second Liberty: started with setsid, so its process group is exactly what it
# started.
stop_cluster() { # [--no-wait]: the second Liberty told to stop, stop_everything waits for it
  if [[ -n "$HAPROXY_PID" ]]; then
    kill -TERM "$HAPROXY_PID" 2>/dev/null || true
    wait "$HAPROXY_PID" 2>/dev/null || true
    HAPROXY_PID=""
  fi
  if [[ -n "$LIBERTY_2_PID" ]]; then
    [[ -n "$LIBERTY_2_STOPPING" ]] || log "stopping the second Liberty"
    LIBERTY_2_STOPPING=1
    kill -TERM -- "-$LIBERTY_2_PID" 2>/dev/null || true
    [[ "${1:-}" == --no-wait ]] && return 0 # (a bare return in the EXIT trap returns the exit status)
    wait_gone "$LIBERTY_2_PID" 60 || kill -KILL -- "-$LIBERTY_2_PID" 2>/dev/null || true
    wait "$LIBERTY_2_PID" 2>/dev/null || true
    LIBERTY_2_PID=""
  fi
}

stop_peer() {
  if [[ -n "$PEER_PID" ]]; then
    kill -TERM "$PEER_PID" 2>/dev/null || true
    wait_gone "$PEER_PID" 20 || kill -KILL "$PEER_PID" 2>/dev/null || true
    wait "$PEER_PID" 2>/dev/null || true
    PEER_PID=""
  fi
}
stop_everything() {
  local pid
  [[ -n "$LOCK_SAMPLER_PID" ]] && kill "$LOCK_SAMPLER_PID" 2>/dev/null
  stop_peer
  stop_cluster --no-wait # both Liberty servers stop at once; the second is waited for below
  if [[ "$SMOKE" == 1 && -n "$MVN_PID" ]]; then
    # A smoke run's servers have nothing left to finish. Stopped gracefully they took 8 s under
    # load: Liberty's quiesce and stop, then Maven's shutdown hooks, which start a JVM for "server
    # stop" and stop PostgreSQL. Killed instead: Maven's process group (Maven and the first
    # Liberty) and the second Liberty's; PostgreSQL gets its fast shutdown below.
    log "stopping Liberty, Maven and PostgreSQL (a smoke run: the servers killed)"
    kill -KILL -- "-$MVN_PID" 2>/dev/null || true
    [[ -z "$LIBERTY_2_PID" ]] || kill -KILL -- "-$LIBERTY_2_PID" 2>/dev/null || true
    wait "$MVN_PID" 2>/dev/null || true
    MVN_PID=""
  fi
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
  stop_cluster
  if pid="$(postmaster_pid)"; then
    # Fast shutdown; a smoke run's immediate one skips the checkpoint, its data is thrown away.
    kill "-$([[ "$SMOKE" == 1 ]] && echo QUIT || echo INT)" "$pid" 2>/dev/null || true
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

# The second Liberty (section 5) is the run server's directory under another name (without its
# logs, work area and transaction log), so the same configuration, WAR and database; its ports
# come through the same HTTP_PORT/HTTPS_PORT variables, its heap through the same JVM_ARGS.
start_second_liberty() {
  log "second Liberty: starting $SERVER_2 on port $HTTP_PORT_2 (log: ${OUT#$ROOT/}/server-2.log)"
  local servers="$WLP/usr/servers"
  rm -rf "${servers:?}/$SERVER_2"
  mkdir "$servers/$SERVER_2"
  tar -C "$servers/ichido" --exclude=./logs --exclude=./workarea --exclude=./tranlog --exclude=./temp -cf - . |
    tar -C "$servers/$SERVER_2" -xf -
  (
    exec env -u DB_HOST -u DB_PORT \
      HTTP_PORT="$HTTP_PORT_2" HTTPS_PORT="$HTTPS_PORT_2" MALLOC_ARENA_MAX=2 \
      ICHIDO_BENCH_BASELINE_ENDPOINT=true \
      JVM_ARGS="-Xmx$HEAP -Xlog:gc:file=$OUT/liberty-2-gc-%p.log $SMOKE_JVM" \
      setsid "$WLP/bin/server" run "$SERVER_2" </dev/null >"$OUT/server-2.log" 2>&1
  ) &
  LIBERTY_2_PID=$! # server run ends in exec java: this is Liberty itself
  server_2_started=$SECONDS
}
await_second_liberty() { # sets server_2_ready, seconds from its start
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE_URL_2/health/ready" || true)" == 200 ]]; do
    alive "$LIBERTY_2_PID" || { tail -n 40 "$OUT/server-2.log" >&2; die "the second Liberty stopped before it was ready"; }
    ((SECONDS - server_2_started < START_TIMEOUT)) || die "the second Liberty was not ready after ${START_TIMEOUT}s"
    sleep 0.2
  done
  server_2_ready=$((SECONDS - server_2_started))
  check_heap "$LIBERTY_2_PID"
  log "second Liberty ready after ${server_2_ready}s (pid $LIBERTY_2_PID)"
}

# ---------------------------------------------------------------------------------------------
# Build and start

rm -rf "$OUT" "$PGDATA_DIR" # a fresh database each run, so that runs compare
mkdir -p "$OUT"
# The Maven runs below use the local repository the caller's Maven uses (smoke.sh passes it on).
LOCAL_REPOSITORY="$(sed -n 's/.*-Dmaven\.repo\.local=\([^[:space:]]*\).*/\1/p' <<<"${MAVEN_ARGS:-}")"
LOCAL_REPOSITORY="${LOCAL_REPOSITORY:-$HOME/.m2/repository}"
fetch_goals=()
if [[ "$PROFILE" == 1 ]]; then
  case "$(uname -m)" in
    x86_64) profiler_platform=linux-x64 ;;
    aarch64) profiler_platform=linux-arm64 ;;
    *) die "async-profiler has no agent for $(uname -m); run with BENCH_PROFILE=0" ;;
  esac
  PROFILER_JAR="$LOCAL_REPOSITORY/tools/profiler/async-profiler/$PROFILER_VERSION/async-profiler-$PROFILER_VERSION.jar"
  # Fetched by the Maven run that starts the server, not by a Maven of its own (seconds saved).
  [[ -f "$PROFILER_JAR" ]] ||
    fetch_goals=(dependency:get -Dartifact="tools.profiler:async-profiler:$PROFILER_VERSION" -Dtransitive=false)
fi
log "building and starting Liberty and PostgreSQL (log: ${OUT#$ROOT/}/server.log)"
# The run profile's goals less exec:exec@dev-gateway-sandbox: orders never call a payment
# gateway, and the sandbox's port (18080) is fixed, so it would collide with a developer's run.
# exec:java@dev-server opens plain HTTP, which server.xml keeps closed.
RUN_GOALS=(package liberty:create liberty:deploy exec:java@dev-database exec:java@dev-server exec:exec@liberty-foreground)
if [[ "${BENCH_NO_BUILD:-}" == 1 ]]; then
  # No second build of the whole project with the bench profile: the WAR verify has just tested
  # (its exploded directory) and the bench endpoints it compiled against those classes
  # (target/bench-classes, the bench-driver execution), copied together into a WAR directory of
  # their own, so that the tested WAR stays as it is, without them (WarContentsIT). Deployed as
  # liberty:deploy would deploy the project (dropins/ichido.war.xml, which ./mvnw -Prun replaces).
  for built in target/ichido/WEB-INF target/bench-classes/io target/test-classes/io/ichido/dev target/liberty/wlp/bin/server; do
    [[ -e "$ROOT/$built" ]] || die "no $built: BENCH_NO_BUILD=1 runs what ./mvnw verify built; build first or leave it out"
  done
  BENCH_WAR="$ROOT/target/bench-war"
  rm -rf "$BENCH_WAR"
  cp -a "$ROOT/target/ichido" "$BENCH_WAR"
  cp -a "$ROOT/target/bench-classes/io/." "$BENCH_WAR/WEB-INF/classes/io/"
  # As liberty:create makes a new server (server.env with its keystore's passwords); it then only
  # refreshes the configuration, and leaves dropins alone.
  [[ -f "$WLP/usr/servers/ichido/server.xml" ]] || "$WLP/bin/server" create ichido >"$OUT/server-create.log" 2>&1 ||
    { cat "$OUT/server-create.log" >&2; die "could not create the Liberty server ichido"; }
  mkdir -p "$WLP/usr/servers/ichido/dropins"
  printf '<archive>\n    <dir sourceOnDisk="%s" targetInArchive="/"/>\n</archive>\n' "$BENCH_WAR" \
    >"$WLP/usr/servers/ichido/dropins/ichido.war.xml"
  RUN_GOALS=(liberty:create exec:java@dev-database exec:java@dev-server exec:exec@liberty-foreground)
fi
(
  cd "$ROOT"
  # DB_HOST would point the run profile at an external database; this run measures its own.
  # JVM_ARGS also reaches the short-lived JVM of "server stop", hence a GC log per process id.
  exec env -u DB_HOST -u DB_PORT \
    HTTP_PORT="$HTTP_PORT" HTTPS_PORT="$HTTPS_PORT" \
    ICHIDO_BENCH_BASELINE_ENDPOINT=true \
    JVM_ARGS="-Xmx$HEAP -XX:NativeMemoryTracking=summary -Xlog:gc:file=$OUT/liberty-gc-%p.log $SMOKE_JVM" \
    MAVEN_OPTS="${MAVEN_OPTS:-} $SMOKE_JVM" \
    setsid ./mvnw -B -Prun,bench -Dichido.dev.port="$DB_PORT" -Dichido.dev.dataDir="$PGDATA_DIR" \
    ${fetch_goals[@]+"${fetch_goals[@]}"} "${RUN_GOALS[@]}" </dev/null >"$OUT/server.log" 2>&1
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
  # A smoke run starts the second Liberty as soon as the first one's JVM runs: the database is
  # migrated by then (the application's startup beans need it), and the copy gets the first
  # server's configuration. Started once the first one was ready, beside its phases, it was what
  # everything waited for as soon as those phases sent their kinds at once; started here, it slows
  # the first start but is ready about when the first server's phases end (bench.sh 55-68 s
  # instead of 59-73 s, measured in turn on the shared machine). A real run starts it only for
  # section 5, so that it weighs on no earlier figure.
  if [[ "$SMOKE" == 1 && -z "$LIBERTY_2_PID" ]] && find_liberty >/dev/null; then
    start_second_liberty
  fi
  sleep 0.2
done
LIBERTY_PID="$(find_liberty)" || die "Liberty is answering but its process was not found under Maven"
log "ready after $((SECONDS - started))s (Liberty pid $LIBERTY_PID)"

if [[ "$PROFILE" == 1 ]]; then
  if [[ ! -f "$PROFILER_JAR" ]]; then # a local repository set elsewhere (settings.xml): ask Maven
    log "fetching async-profiler $PROFILER_VERSION (Maven Central)"
    "$ROOT/mvnw" -q -B -f "$ROOT/pom.xml" dependency:copy -Dartifact="tools.profiler:async-profiler:$PROFILER_VERSION" \
      -DoutputDirectory="$OUT/profiler" >"$OUT/profiler.log" 2>&1 || { cat "$OUT/profiler.log" >&2; die "could not fetch async-profiler"; }
    PROFILER_JAR="$OUT/profiler/async-profiler-$PROFILER_VERSION.jar"
  fi
  mkdir -p "$OUT/profiler"
  (cd "$OUT/profiler" && jar xf "$PROFILER_JAR" "$profiler_platform/libasyncProfiler.so")
  PROFILER_LIB="$OUT/profiler/$profiler_platform/libasyncProfiler.so"
  [[ -f "$PROFILER_LIB" ]] || die "no $profiler_platform agent in async-profiler $PROFILER_VERSION"
fi

# The cap must really be in force, or the memory figure means nothing.
case "$HEAP" in
  *[gG]) max_heap_bytes=$((${HEAP%?} * 1024 * 1024 * 1024)) ;;
  *[mM]) max_heap_bytes=$((${HEAP%?} * 1024 * 1024)) ;;
  *) max_heap_bytes="$HEAP" ;;
esac
check_heap() { # pid
  local actual
  actual="$(jcmd "$1" VM.flags | tr ' ' '\n' | sed -n 's/^-XX:MaxHeapSize=//p')"
  [[ "$actual" == "$max_heap_bytes" ]] ||
    die "Liberty's (pid $1) MaxHeapSize is $actual, not -Xmx$HEAP: JVM_ARGS did not apply"
}
check_heap "$LIBERTY_PID"

# Stock would run out within seconds; spread over several products so that orders do not all
# queue on one stock row's lock.
"${PSQL[@]}" <<SQL
INSERT INTO product (sku, name, unit_price, tax_rate)
  SELECT 'BENCH-' || lpad(i::text, 2, '0'), 'Bench item ' || i, 100, 10 FROM generate_series(1, $SKU_COUNT) i
  ON CONFLICT DO NOTHING;
INSERT INTO stock (sku, on_hand, reserved)
  SELECT 'BENCH-' || lpad(i::text, 2, '0'), 2000000000, 0 FROM generate_series(1, $SKU_COUNT) i
  ON CONFLICT (sku) DO UPDATE SET on_hand = 2000000000, reserved = 0;
-- The one-INSERT endpoints' table (BenchFloorResource): the Spring peer's orders table. Made here,
-- never by the application's changelogs.
CREATE TABLE IF NOT EXISTS bench_order (
  id bigserial PRIMARY KEY, customer text NOT NULL, sku text NOT NULL, quantity integer NOT NULL,
  amount bigint NOT NULL);
SQL

run_wrk() { # mode connections seconds label [keys]: prints wrk's summary line (see orders.lua)
  local logfile="$OUT/$4.log"
  mkdir -p "$(dirname "$logfile")"
  # The label goes into the keys too, unless they are named: wrk numbers them from 1 in every run,
  # and a key reused with another body (the SKU is random) would be answered 422, not measured.
  # WRK_URL=... run_wrk ... sends the load elsewhere than to the first server.
  wrk -t"$WRK_THREADS" -c"$2" -d"$3s" --timeout 10s -s "$BENCH_DIR/orders.lua" "${WRK_URL:-$BASE_URL}" \
    -- "$1" "$RUN_ID-${5:-${4//\//-}}" "$SKUS" "$CREDENTIALS" >"$logfile" 2>&1 || die "wrk failed; see $logfile"
  grep '^WRK ' "$logfile" | tail -n1
}
field() { # line name
  sed -n "s/.*[[:space:]]$2=\([^[:space:]]*\).*/\1/p" <<<" $1"
}
# Liberty's own performance counters, through jcmd: jstat reads them from a file in /tmp that a
# JVM in another PID namespace on the same machine may delete as stale.
perf_counter() { # pid name...: the values, in seconds where the counter counts clock ticks
  local pid=$1
  shift
  "${JCMD:-jcmd}" "$pid" PerfCounter.print | awk -F= -v names="$*" '
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
# Seconds a Liberty's JIT compiler threads have spent compiling so far (summed over the threads,
# so a share of the wall time can exceed 1).
jit_seconds() { perf_counter "${1:-$LIBERTY_PID}" java.ci.totalTime; } # [pid]
now() { date +%s.%N; }
# The single-file tools (FixedRateDriver, ProfileSplit): as verify compiled them, or from source
# (java compiles it first, seconds on a loaded machine).
bench_program() { # name: sets program, the arguments that make java run it
  if [[ "${BENCH_NO_BUILD:-}" == 1 && -f "$ROOT/target/bench-classes/$1.class" ]]; then
    program=(-cp "$ROOT/target/bench-classes" "$1")
  else
    program=("$BENCH_DIR/$1.java")
  fi
}
share() { # before-seconds after-seconds wall-start: what fraction of the wall time that was
  awk -v a="$1" -v b="$2" -v t0="$3" -v t1="$(now)" 'BEGIN { printf "%.2f", (b - a) / (t1 - t0) }'
}

# How busy the machine was with other work while this ran: its busy CPU time less that of the
# processes this script started (the script's waited-for children, Maven, the Liberties, HAProxy,
# PostgreSQL). Interrupt time is left out: the kernel does not charge it to any process, and most
# of it is this run's own loopback traffic. Steal (the hypervisor running someone else) is counted.
machine_busy_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $9 }' /proc/stat; }
process_ticks() { # pid: user + system time of the process and of its children that have exited
  awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
cpu_ticks_of() { # pid: user + system time of the process itself
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0
}
pg_ticks() { # PostgreSQL's postmaster and its backends
  local pm p total=0
  pm="$(postmaster_pid)" || { echo 0; return; }
  for p in "$pm" $(pgrep -P "$pm"); do
    total=$((total + $(cpu_ticks_of "$p")))
  done
  echo "$total"
}
own_ticks() {
  local pid total=0 postmaster
  postmaster="$(postmaster_pid || true)"
  for pid in $$ "$MVN_PID" "$LIBERTY_PID" $LIBERTY_2_PID $HAPROXY_PID $postmaster \
    $([[ -n "$postmaster" ]] && ps -o pid= --ppid "$postmaster"); do
    total=$((total + $(process_ticks "$pid")))
  done
  echo "$total"
}
cpu_start_machine="$(machine_busy_ticks)"
cpu_start_own="$(own_ticks)"
cpu_start_wall="$(now)"

# Entries in the payment log, chained or not: the sequencer moves them from one table to the other
# in one transaction, and one statement sees both tables at the same moment.
log_rows() {
  "${PSQL[@]}" -c "SELECT (SELECT count(*) FROM payment_log_pending) + (SELECT count(*) FROM payment_log)"
}

# Throughput per kind of slice: requests, microseconds, failed requests, payment-log entries.
declare -A tp_requests=() tp_us=() tp_failed=() tp_log_rows=()
slice_seconds=$((THROUGHPUT_SECONDS / SLICES))
add_slice() { # kind wrk-line log-entries: one slice added to the kind's totals
  tp_requests[$1]=$((${tp_requests[$1]:-0} + $(field "$2" requests)))
  tp_us[$1]=$((${tp_us[$1]:-0} + $(field "$2" duration_us)))
  tp_failed[$1]=$((${tp_failed[$1]:-0} + $(field "$2" non2xx) + $(field "$2" socket_errors)))
  tp_log_rows[$1]=$((${tp_log_rows[$1]:-0} + $3))
}
measure_slice() { # kind mode label [keys]: one closed-loop slice, added to the kind's totals
  local before line rows
  before="$(log_rows)"
  line="$(run_wrk "$2" "$CONNECTIONS" "$slice_seconds" "$3" ${4:+"$4"})"
  rows=$(($(log_rows) - before))
  add_slice "$1" "$line" "$rows"
}
# wrk connections each of N kinds at once gets: the server sees as many as with one kind at a
# time. With 16 each, five kinds at once queued so long on a busy machine (load 20, 2 CPUs) that
# some wrk runs of 1 s saw no answer at all.
connections_each() { # N
  local each=$((CONNECTIONS / $1))
  echo $((each < WRK_THREADS ? WRK_THREADS : each))
}
# One slice of several kinds: measure_slice of each in turn, to the first server unless a URL
# follows an @. A smoke run sends them at once, one wrk each (its figures mean nothing, and each
# kind still runs): the log entries then are the group's, counted once around it and charged to
# each kind of it.
measure_kinds() { # kind:mode:label[:keys][@url]...
  local spec url kind mode label keys before rows pids=() specs=() pid failed=0 connections
  if [[ "$SMOKE" != 1 ]]; then
    for spec in "$@"; do
      url=""
      [[ "$spec" != *@* ]] || url="${spec#*@}"
      IFS=: read -r kind mode label keys <<<"${spec%%@*}"
      WRK_URL="$url" measure_slice "$kind" "$mode" "$label" ${keys:+"$keys"}
    done
    return
  fi
  connections="$(connections_each $#)"
  before="$(log_rows)"
  for spec in "$@"; do
    url=""
    [[ "$spec" != *@* ]] || url="${spec#*@}"
    IFS=: read -r kind mode label keys <<<"${spec%%@*}"
    mkdir -p "$(dirname "$OUT/$label")"
    WRK_URL="$url" run_wrk "$mode" "$connections" "$slice_seconds" "$label" ${keys:+"$keys"} >"$OUT/$label.line" &
    pids+=($!) specs+=("${spec%%@*}")
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
  done
  ((failed == 0)) || die "a wrk run of $* failed; see its log in ${OUT#$ROOT/}/"
  rows=$(($(log_rows) - before))
  for spec in "${specs[@]}"; do
    IFS=: read -r kind mode label keys <<<"$spec"
    add_slice "$kind" "$(<"$OUT/$label.line")" "$rows"
  done
}
rps() { awk -v n="${tp_requests[$1]}" -v us="${tp_us[$1]}" 'BEGIN { printf "%.1f", n / (us / 1e6) }'; }
per_request() { awk -v n="${tp_log_rows[$1]}" -v r="${tp_requests[$1]}" 'BEGIN { printf "%.2f", n / r }'; }

# The payment log switched off in the database, not in the application: a trigger that skips
# every row makes the insert of pending facts a no-op (PendingFacts.insert ignores its batch's row
# counts, and the sequencer then finds nothing to chain). The statement still makes its round trip
# and runs, so the log's cost comes out slightly understated. Not a rule DO INSTEAD NOTHING: a
# server-prepared statement the rule rewrote into nothing keeps no tie to the table, so the app's
# cached INSERT stayed a no-op after DROP RULE (pgjdbc, as Liberty caches it). CREATE TRIGGER waits
# for every transaction that has written a pending fact, so counting after it, and before DROP
# TRIGGER, sees exactly what the slice wrote.
"${PSQL[@]}" -c 'CREATE FUNCTION bench_unlogged() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$'
log_off() {
  "${PSQL[@]}" -c "CREATE TRIGGER bench_unlogged BEFORE INSERT ON payment_log_pending
    FOR EACH ROW EXECUTE FUNCTION bench_unlogged()"
}
log_on() { "${PSQL[@]}" -c "DROP TRIGGER bench_unlogged ON payment_log_pending"; }

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
start_lock_sampler() { # log file
  sample_lock_waits >"$OUT/$1" &
  LOCK_SAMPLER_PID=$!
}
stop_lock_sampler() {
  kill "$LOCK_SAMPLER_PID" 2>/dev/null || true
  wait "$LOCK_SAMPLER_PID" 2>/dev/null || true
  LOCK_SAMPLER_PID=""
}
lock_wait_report() { # log file: samples, waits, waits on an advisory lock, then the kinds waited for
  local samples="$OUT/$1"
  echo "$(grep -c '^--sample' "$samples" || true) $(grep -vc '^--sample' "$samples" || true)" \
    "$(grep -c '^advisory$' "$samples" || true)" \
    "$(grep -v '^--sample' "$samples" | sort | uniq -c | sort -rn | awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')"
}

# Closed-loop rounds of the given kinds of request, 5 s each and one connection per CPU, until the
# server's JIT compilers are busy less than a quarter of the time. With more connections, the
# request threads crowd the compiler threads out and the warm-up takes twice as long. Sets
# warmed_seconds and warmed_jit (the JIT's share in the last round).
# One warm-up round: a closed loop of each kind in turn, one connection per CPU. A smoke run sends
# the kinds at once: a warm-up measures nothing, and each kind still runs (seconds saved).
warm_up_round() { # label-prefix mode...
  local prefix=$1 mode pids=() pid
  shift
  for mode in "$@"; do
    if [[ "$SMOKE" == 1 ]]; then
      run_wrk "$mode" "$(nproc)" "$WARMUP_ROUND_SECONDS" "$prefix$mode" >/dev/null &
      pids+=($!)
    else
      run_wrk "$mode" "$(nproc)" "$WARMUP_ROUND_SECONDS" "$prefix$mode" >/dev/null
    fi
  done
  for pid in ${pids[@]+"${pids[@]}"}; do
    wait "$pid" || die "a warm-up run failed; see ${OUT#$ROOT/}/${prefix%/*}/"
  done
}
warm_up() { # pid min-seconds max-seconds label mode...
  local pid=$1 min=$2 max=$3 label=$4 round=0 started=$SECONDS jit_before round_started mode
  shift 4
  while :; do
    round=$((round + 1))
    jit_before="$(jit_seconds "$pid")"
    round_started="$(now)"
    warm_up_round "$label/$round-" "$@"
    warmed_jit="$(share "$jit_before" "$(jit_seconds "$pid")" "$round_started")"
    log "  $((SECONDS - started))s: JIT busy $warmed_jit of the last round"
    if ((SECONDS - started >= min)) && awk -v j="$warmed_jit" 'BEGIN { exit !(j < 0.25) }'; then
      break
    fi
    if ((SECONDS - started + WARMUP_ROUND_SECONDS * $# > max)); then
      log "  JIT still busy; measuring anyway"
      break
    fi
  done
  warmed_seconds=$((SECONDS - started))
}

pgbench_only() { # script log-name variable=value...: runs pgbench, its output in the log
  local logfile="$OUT/$2" script="$BENCH_DIR/$1" define defines=()
  shift 2
  for define in "$@"; do defines+=(-D "$define"); done
  pgbench -h 127.0.0.1 -p "$DB_PORT" -U ichido -n -M prepared -c "$CONNECTIONS" -j "$WRK_THREADS" \
    -T "$PGBENCH_SECONDS" "${defines[@]}" -f "$script" ichido \
    >"$logfile" 2>&1 || { tail -n 20 "$logfile" >&2; die "pgbench failed"; }
}
pgbench_figures() { # log-name: sets pg_tps, pg_failed and pg_done
  local logfile="$OUT/$1"
  pg_tps="$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p' "$logfile")"
  pg_failed="$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$logfile")"
  pg_done="$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$logfile")"
  [[ -n "$pg_tps" ]] || die "no TPS in ${logfile#$ROOT/}"
}

# pgbench: the SQL the layer issues for a fresh key (3) and for a replay (4), as many clients as
# wrk had connections. A real run runs it last (see section 3), a smoke run beside the second
# Liberty's start, both scripts at once (its figures mean nothing; seconds saved).
replay_keys=1000
layer_sql() { # sets pgbench_tps and pgbench_failed, from pgbench.log
  pgbench_figures pgbench.log
  pgbench_tps=$pg_tps pgbench_failed=$pg_failed
  # pgbench does not look at row counts: a completion that matched no row would be cheap and
  # flatter the SQL. Every claimed key must have been completed.
  read -r pgbench_rows pgbench_in_flight < <("${PSQL[@]}" -F ' ' -c \
    "SELECT count(*), count(*) FILTER (WHERE status <> 'COMPLETED') FROM idempotency_key WHERE idem_key LIKE 'pgb-%'")
  ((pgbench_rows >= pg_done && pgbench_in_flight == 0)) ||
    die "pgbench ran $pg_done transactions but left $pgbench_rows keys, $pgbench_in_flight not completed"
}
replay_sql_keys() { # the completed keys a replay's SQL reads
  "${PSQL[@]}" -c "INSERT INTO idempotency_key (scope, idem_key, fingerprint, request_method,
      request_path, status, claim_token, created_at, completed_at, expires_at, response_status,
      response_content_type, response_body)
    SELECT 'principal:shop-a', 'pgr-' || i, md5(i::text) || md5(i::text), 'POST', '/bench/echo',
      'COMPLETED', gen_random_uuid(), now(), now(), now() + interval '1 day', 201,
      'application/json', convert_to('{\"answered\":true}', 'UTF8')
    FROM generate_series(1, $replay_keys) i"
}
replay_sql() { # sets pgbench_replay_tps and pgbench_replay_failed, from pgbench-replay.log
  pgbench_figures pgbench-replay.log
  pgbench_replay_tps=$pg_tps pgbench_replay_failed=$pg_failed
  # A claim that won would have made a replay a fresh request: every key must still be completed.
  replayed_keys="$("${PSQL[@]}" -c "SELECT count(*) FROM idempotency_key WHERE idem_key LIKE 'pgr-%' AND status = 'COMPLETED'")"
  ((replayed_keys == replay_keys)) || die "pgbench's replays claimed keys: $replayed_keys of $replay_keys still completed"
}
pgbench_phase() {
  local layer replay failed=0
  if [[ "$SMOKE" == 1 ]]; then
    log "pgbench: the layer's SQL and a replay's at once, $CONNECTIONS clients each, ${PGBENCH_SECONDS}s"
    replay_sql_keys
    pgbench_only idempotency-layer.sql pgbench.log scope=principal:shop-a &
    layer=$!
    pgbench_only idempotency-replay.sql pgbench-replay.log scope=principal:shop-a keys="$replay_keys" &
    replay=$!
    wait "$layer" || failed=1
    wait "$replay" || failed=1
    ((failed == 0)) || die "pgbench failed"
    layer_sql
    replay_sql
    return
  fi
  log "pgbench: the layer's SQL, $CONNECTIONS clients, ${PGBENCH_SECONDS}s"
  pgbench_only idempotency-layer.sql pgbench.log scope=principal:shop-a
  layer_sql

  log "pgbench: a replay's SQL, $CONNECTIONS clients, ${PGBENCH_SECONDS}s"
  replay_sql_keys
  pgbench_only idempotency-replay.sql pgbench-replay.log scope=principal:shop-a keys="$replay_keys"
  replay_sql
}


# ---------------------------------------------------------------------------------------------
# Warm-up. A fresh Liberty keeps its JIT compilers busy for a minute or two under load, and
# until they are done both latency and throughput drift. Closed loop, all three kinds of
# request, until the compilers settle.

# Production never runs with fsync or synchronous_commit off: neither may the benchmark.
db_settings="$("${PSQL[@]}" -c "SELECT string_agg(name || '=' || setting, ', ' ORDER BY name)
  FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')")"
[[ "$db_settings" == "fsync=on, full_page_writes=on, synchronous_commit=on" ]] ||
  die "the database is not durable ($db_settings); the benchmark measures only a durable one"

log "warming up, closed loop, until Liberty's JIT settles (${WARMUP_MIN}s to ${WARMUP_MAX}s)"
warm_up "$LIBERTY_PID" "$WARMUP_MIN" "$WARMUP_MAX" warmup baseline fresh replay
warmup_seconds=$warmed_seconds
jit_warmup=$warmed_jit

# ---------------------------------------------------------------------------------------------
# 3: throughput, closed loop, against the layer's own SQL at the same concurrency, and the same
# unkeyed orders with the payment log switched off. Before the latency test, which it warms
# further; pgbench comes last, because the dead rows it leaves behind set autovacuum going.

# Slices of the kinds in turn, for the same reason as the latency test's rounds: what the JIT
# still compiles, or what else runs on the machine, then weighs on all alike.
log "throughput: wrk, $CONNECTIONS connections, baseline, fresh keys and unlogged baseline in turn, ${THROUGHPUT_SECONDS}s each"
jit_before="$(jit_seconds)"
phase_started="$(now)"
db_phase_started="$("${PSQL[@]}" -c "SELECT clock_timestamp()")"
start_lock_sampler lock-waits.log
for slice in $(seq "$SLICES"); do
  measure_kinds "baseline:baseline:throughput/$slice-baseline" "fresh:fresh:throughput/$slice-fresh"
  log_off
  measure_slice unlogged baseline "throughput/$slice-unlogged"
  log_on
done
jit_throughput="$(share "$jit_before" "$(jit_seconds)" "$phase_started")"
stop_lock_sampler
read -r lock_samples lock_waits advisory_waits lock_wait_kinds < <(lock_wait_report lock-waits.log)
# How long committed facts waited for the sequencer under that load.
read -r chained_facts fresh50 fresh99 < <("${PSQL[@]}" -F ' ' -c "
  SELECT count(*),
    coalesce(round(1000 * extract(epoch FROM percentile_disc(0.5) WITHIN GROUP (ORDER BY chained_at - logged_at))), 0),
    coalesce(round(1000 * extract(epoch FROM percentile_disc(0.99) WITHIN GROUP (ORDER BY chained_at - logged_at))), 0)
  FROM payment_log WHERE chained_at >= '$db_phase_started'")

# ---------------------------------------------------------------------------------------------
# 1 and 2: latency at a fixed rate (open loop)

if [[ -z "$RATE" ]]; then
  RATE="$(awk -v r="$(rps fresh)" 'BEGIN { x = int(r * 0.4); print (x < 20 ? 20 : x) }')"
fi
log "latency at $RATE requests/s: $ROUNDS rounds of baseline, fresh key, replay, ${SEGMENT_SECONDS}s each"
gc_stats() { perf_counter "$LIBERTY_PID" sun.gc.collector.0.invocations sun.gc.collector.0.time; } # G1 young pauses
gc_before="$(gc_stats)"
jit_before="$(jit_seconds)"
phase_started="$(now)"
# The driver warms itself up first (5 s per kind at the fixed rate). C1 only, serial GC and a
# fixed heap: it is quick to warm up, and its own compiler threads and pauses take as little
# from the server as possible.
bench_program FixedRateDriver
fixed_rate_driver() {
  java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms256m -Xmx256m "${program[@]}" \
    --base="$BASE_URL" --rate="$RATE" --warmup="$DRIVER_WARMUP" --seconds="$SEGMENT_SECONDS" --rounds="$ROUNDS" \
    --user="${CREDENTIALS%%:*}" --password="${CREDENTIALS#*:}" --skus="$SKUS" --run-id="fr$RUN_ID" \
    >"$OUT/latency.log" 2>&1 || { cat "$OUT/latency.log" >&2; die "the fixed-rate driver failed"; }
}
latency_figures() {
  jit_latency="$(share "$jit_before" "$(jit_seconds)" "$phase_started")"
  gc_after="$(gc_stats)"
  lat_baseline="$(grep '^RESULT kind=baseline ' "$OUT/latency.log")"
  lat_fresh="$(grep '^RESULT kind=fresh ' "$OUT/latency.log")"
  lat_replay="$(grep '^RESULT kind=replay ' "$OUT/latency.log")"
  lat_paired="$(grep '^PAIRED ' "$OUT/latency.log")"
}
# A smoke run's driver runs beside section 4, and is waited for after it: at its 20 requests/s the
# server mostly waits for it (7 s under load, for 3 s of rounds), and its figures mean nothing.
driver_pid=""
if [[ "$SMOKE" == 1 ]]; then
  fixed_rate_driver &
  driver_pid=$!
else
  fixed_rate_driver
  latency_figures
fi

# ---------------------------------------------------------------------------------------------
# 4: POST /api/bench/echo, an @Idempotent endpoint that does nothing: the layer's own cost on top
# of HTTP and security, fresh keys and replays in turn, beside its floor (POST /api/bench/noop:
# the same HTTP, security and JAX-RS, no layer) and the Spring peer's exact work (POST
# /api/bench/insert: @Idempotent, one INSERT; /api/bench/insert-plain: its twin without the
# layer). The replays cycle over keys completed beforehand, so that every measured request is one.

log "echo and floor: wrk, $CONNECTIONS connections, no-op, echo fresh and replay, one INSERT without and with the layer in turn, ${THROUGHPUT_SECONDS}s each"
warm_up_round floor/warmup- noop echo insert-plain insert
# Until every key is completed: each wrk run sends the same keys from the first again, so a run
# completes what an earlier one had no time for (a smoke run's 3 s did not always reach all of
# them on a busy machine), and replays the rest. A run that does not get as far as the last keys
# never completes them, however often it is repeated: a smoke run's 1 s did not, under a load of
# 20, so its prime takes twice as long each time.
primed=0
prime_seconds=$PRIME_SECONDS
for prime in 1 2 3 4 5; do
  run_wrk echo-replay "$CONNECTIONS" "$prime_seconds" "echo/prime-$prime" echo-replay >/dev/null
  primed="$("${PSQL[@]}" -c "SELECT count(*) FROM idempotency_key
    WHERE idem_key LIKE 'wrk-$RUN_ID-echo-replay-%' AND status = 'COMPLETED'")"
  ((primed < 100 * WRK_THREADS)) || break
  [[ "$SMOKE" != 1 ]] || prime_seconds=$((prime_seconds * 2))
done
((primed == 100 * WRK_THREADS)) || die "the replays' $((100 * WRK_THREADS)) keys were not all completed: $primed"
for slice in $(seq "$SLICES"); do
  measure_kinds "noop:noop:floor/$slice-noop" "echo:echo:echo/$slice-fresh" \
    "echo-replay:echo-replay:echo/$slice-replay:echo-replay" \
    "insert-plain:insert-plain:floor/$slice-insert-plain" "insert:insert:floor/$slice-insert"
done
inserted_rows="$("${PSQL[@]}" -c "SELECT count(*) FROM bench_order")"
((inserted_rows >= ${tp_requests[insert]} + ${tp_requests[insert-plain]})) ||
  die "the one-INSERT endpoints answered $((${tp_requests[insert]} + ${tp_requests[insert-plain]})) requests but left $inserted_rows rows"
if [[ -n "$driver_pid" ]]; then
  wait "$driver_pid" || die "the fixed-rate driver failed (above)"
  latency_figures
fi

# ---------------------------------------------------------------------------------------------
# 6: memory, read before a second server shares the machine. VmHWM is the peak resident set over
# the process's life, so it covers every measurement so far.

vm_hwm_kb="$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$LIBERTY_PID/status")"
# What holds it: the heap after a full GC, and the JVM's own accounting of native memory
# (-XX:NativeMemoryTracking=summary, set by the bench profile's JVM_ARGS).
jcmd "$LIBERTY_PID" GC.class_histogram >"$OUT/heap-histogram.txt" 2>&1 || true # a full GC first
jcmd "$LIBERTY_PID" GC.heap_info >"$OUT/heap-info.txt" 2>&1 || true
jcmd "$LIBERTY_PID" VM.native_memory summary >"$OUT/native-memory.txt" 2>&1 || true
vm_rss_kb="$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$LIBERTY_PID/status")"
echo "VmHWM_kB=$vm_hwm_kb VmRSS_kB=$vm_rss_kb" >"$OUT/memory.txt"

# ---------------------------------------------------------------------------------------------
# 7: where Liberty's CPU goes, per request. async-profiler (Maven Central) is attached to the
# running Liberty through jcmd and samples every thread's CPU (kernel frames included) once per
# millisecond of CPU, during one more wrk run per kind; ProfileSplit.java charges each sample to
# the part of the stack it was spent in (HTTP, security, JAX-RS, CDI, JTA, JPA, JDBC, the layer...)
# and draws a flame graph per kind. The CPU that PostgreSQL and wrk used meanwhile is read from
# /proc. Measured after the throughput figures, which the profiler would slow down.

declare -A profiled_requests=() profiled_liberty_us=() profiled_pg_us=() profiled_rest_us=()
split_pid=""
if [[ "$PROFILE" == 1 ]]; then
  log "profile: async-profiler on Liberty, ${PROFILE_SECONDS}s of wrk per kind"
  mkdir -p "$OUT/profile"
  hz="$(getconf CLK_TCK)"
  liberty_ticks() { cpu_ticks_of "$LIBERTY_PID"; }
  profiler() { # start|stop name: async-profiler attached to Liberty through jcmd; stop writes NAME.collapsed
    local command="start,event=cpu,interval=1ms,threads" log="$OUT/profile/$2-$1.log"
    [[ "$1" == start ]] || command="stop,file=$OUT/profile/$2.collapsed,collapsed,threads"
    jcmd "$LIBERTY_PID" JVMTI.agent_load "$PROFILER_LIB" "\"$command\"" >"$log" 2>&1 ||
      die "async-profiler did not $1; see ${log#$ROOT/}"
    [[ "$1" == stop ]] || grep -q 'return code: 0' "$log" || die "async-profiler did not start; see ${log#$ROOT/}"
  }
  cpu_ticks() { echo "$(machine_busy_ticks) $(liberty_ticks) $(pg_ticks)"; }
  charge_cpu() { # kind requests "ticks before" "ticks after": the CPU /proc counted, per request
    local m0 l0 p0 m1 l1 p1 n=$2
    read -r m0 l0 p0 <<<"$3"
    read -r m1 l1 p1 <<<"$4"
    profiled_liberty_us[$1]="$(awk -v t=$((l1 - l0)) -v n="$n" -v hz="$hz" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')"
    profiled_pg_us[$1]="$(awk -v t=$((p1 - p0)) -v n="$n" -v hz="$hz" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')"
    profiled_rest_us[$1]="$(awk -v t=$((m1 - m0 - (l1 - l0) - (p1 - p0))) -v n="$n" -v hz="$hz" \
      'BEGIN { x = t / hz * 1e6 / n; printf "%.0f", x < 0 ? 0 : x }')"
    echo "$1 requests=${profiled_requests[$1]} liberty_us=${profiled_liberty_us[$1]} postgresql_us=${profiled_pg_us[$1]} rest_us=${profiled_rest_us[$1]}" \
      >>"$OUT/profile/proc-cpu.txt"
  }
  profile_kind() { # kind mode [keys]
    local line before after n
    profiler start "$1"
    before="$(cpu_ticks)"
    line="$(run_wrk "$2" "$CONNECTIONS" "$PROFILE_SECONDS" "profile/$1" ${3:+"$3"})"
    after="$(cpu_ticks)"
    profiler stop "$1"
    n="$(field "$line" requests)"
    ((n > 0)) || die "no request answered while profiling $1"
    profiled_requests[$1]=$n
    charge_cpu "$1" "$n" "$before" "$after"
  }
  # A smoke run profiles the kinds at once, one wrk each, and the profiler is attached and
  # detached once (seconds saved): ProfileSplit reads that one profile as each kind's, and the
  # CPU is charged to the requests of all kinds. Its figures mean nothing.
  profile_at_once() { # kind:mode[:keys]...
    local spec kind mode keys before after pids=() pid failed=0 n total=0 connections
    connections="$(connections_each $#)"
    profiler start all
    before="$(cpu_ticks)"
    for spec in "$@"; do
      IFS=: read -r kind mode keys <<<"$spec"
      run_wrk "$mode" "$connections" "$PROFILE_SECONDS" "profile/$kind" ${keys:+"$keys"} >"$OUT/profile/$kind.line" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do
      wait "$pid" || failed=1
    done
    after="$(cpu_ticks)"
    profiler stop all
    ((failed == 0)) || die "a wrk run failed while profiling; see ${OUT#$ROOT/}/profile/"
    for spec in "$@"; do
      kind="${spec%%:*}"
      n="$(field "$(<"$OUT/profile/$kind.line")" requests)"
      ((n > 0)) || die "no request answered while profiling $kind"
      profiled_requests[$kind]=$n
      total=$((total + n))
      ln -sf all.collapsed "$OUT/profile/$kind.collapsed"
    done
    for spec in "$@"; do
      charge_cpu "${spec%%:*}" "$total" "$before" "$after"
    done
  }
  if [[ "$SMOKE" == 1 ]]; then
    profile_at_once noop:noop echo:echo echo-replay:echo-replay:echo-replay insert-plain:insert-plain insert:insert
  else
    profile_kind noop noop
    profile_kind echo echo
    profile_kind echo-replay echo-replay echo-replay
    profile_kind insert-plain insert-plain
    profile_kind insert insert
  fi
  profile_args=()
  for kind in noop echo echo-replay insert-plain insert; do
    profile_args+=("$kind=$OUT/profile/$kind.collapsed:${profiled_requests[$kind]}")
  done
  bench_program ProfileSplit
  profile_split() {
    java $SMOKE_JVM "${program[@]}" --interval-us=1000 --svg="$OUT/profile" "${profile_args[@]}" \
      >"$OUT/profile/split.txt" 2>"$OUT/profile/split.log" || { cat "$OUT/profile/split.log" >&2; die "ProfileSplit failed"; }
  }
  # A smoke run's split runs beside what follows, and is waited for before the table.
  if [[ "$SMOKE" == 1 ]]; then
    profile_split &
    split_pid=$!
  else
    profile_split
  fi
fi

# A smoke run's pgbench (see pgbench_phase): now, while the second Liberty may still be starting.
[[ "$SMOKE" != 1 ]] || pgbench_phase

# ---------------------------------------------------------------------------------------------
# 5: two servers behind HAProxy (the second Liberty: see start_second_liberty).

[[ -n "$LIBERTY_2_PID" ]] || start_second_liberty
await_second_liberty

# Round-robin over both, each checked on /health/ready, as the cluster tests' LoadBalancer does.
# The statistics page tells which server answered how often.
cat >"$OUT/haproxy.cfg" <<CFG
global
    maxconn 1024

defaults
    mode http
    timeout connect 2s
    timeout client 90s
    timeout server 90s
    timeout check 10s
    retries 2
    option redispatch

frontend bench
    bind 127.0.0.1:$LB_PORT
    stats enable
    stats uri /haproxy-stats
    default_backend ichido

backend ichido
    balance roundrobin
    option httpchk GET /health/ready
    http-check expect status 200
    default-server inter 1s fall 3 rise 1
    server s1 127.0.0.1:$HTTP_PORT check
    server s2 127.0.0.1:$HTTP_PORT_2 check
CFG
haproxy -f "$OUT/haproxy.cfg" -db >"$OUT/haproxy.log" 2>&1 &
HAPROXY_PID=$!
haproxy_stat() { # column of HAProxy's CSV statistics: s1=value s2=value
  curl -s --max-time 2 "$LB_URL/haproxy-stats;csv" | awk -F, -v name="$1" '
    NR == 1 { sub(/^# /, ""); for (i = 1; i <= NF; i++) column[$i] = i; next }
    $1 == "ichido" && $2 ~ /^s[0-9]+$/ { printf "%s%s=%s", sep, $2, $(column[name]); sep = " " }'
}
started=$SECONDS
until [[ "$(haproxy_stat status || true)" == "s1=UP s2=UP" ]]; do
  alive "$HAPROXY_PID" || { cat "$OUT/haproxy.log" >&2; die "HAProxy stopped"; }
  ((SECONDS - started < 30)) || die "HAProxy does not see both servers up: $(haproxy_stat status)"
  sleep 0.2
done

log "warming up the second Liberty, closed loop, fresh keys (${WARMUP_2_MIN}s to ${WARMUP_2_MAX}s)"
WRK_URL="$BASE_URL_2" warm_up "$LIBERTY_2_PID" "$WARMUP_2_MIN" "$WARMUP_2_MAX" warmup-2 fresh
log "two servers: wrk, $CONNECTIONS connections, one server and both through HAProxy in turn, ${THROUGHPUT_SECONDS}s each"
start_lock_sampler lock-waits-two-servers.log
for slice in $(seq "$SLICES"); do
  measure_kinds "one-server:fresh:two-servers/$slice-one" "two-servers:fresh:two-servers/$slice-two@$LB_URL"
done
stop_lock_sampler
read -r lb_samples lb_waits lb_advisory lb_wait_kinds < <(lock_wait_report lock-waits-two-servers.log)
lb_answered="$(haproxy_stat hrsp_2xx)"
# A smoke run has run pgbench already: the second server stops beside the first one.
if [[ "$SMOKE" == 1 ]]; then stop_cluster --no-wait; else stop_cluster; fi

# ---------------------------------------------------------------------------------------------
# 8: the Spring peer (idempotency4j on Spring Boot, src/peer/idempotency4j), when its jar is
# given: a JVM of its own with the same heap cap and malloc arenas as Liberty, on a database of its
# own in the same PostgreSQL (the same durable settings, the same disk). Its two endpoints do the
# same work as /api/bench/insert and /api/bench/insert-plain (one INSERT ... RETURNING id of the
# same body), without authentication (the peer has none). The four kinds run in turn, slice by
# slice, with the same connections, after a warm-up of the peer like Liberty's; then each once
# more for the CPU /proc counts per request (the JVM's and PostgreSQL's), and the peer's peak RSS.

declare -A peer_jvm_us=() peer_pg_us=()
peer_rss_mib=""
if [[ -n "$PEER_JAR" ]]; then
  log "the Spring peer: its database, then its JVM ($PEER_JAVA)"
  # As the database's superuser (the embedded server trusts local connections): ichido may not
  # create databases.
  "${PSQL[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'peer'" | grep -q 1 ||
    psql -h 127.0.0.1 -p "$DB_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt \
      -c "CREATE DATABASE peer OWNER ichido"
  psql -h 127.0.0.1 -p "$DB_PORT" -U ichido -d peer -v ON_ERROR_STOP=1 -qAt -f "$BENCH_DIR/peer-orders.sql"
  MALLOC_ARENA_MAX=2 "$PEER_JAVA" -Xmx"$HEAP" $SMOKE_JVM -jar "$PEER_JAR" \
    --server.port="$PEER_PORT" --server.address=127.0.0.1 \
    --spring.datasource.url="jdbc:postgresql://127.0.0.1:$DB_PORT/peer" \
    --spring.datasource.username=ichido --spring.datasource.password=ichido \
    >"$OUT/peer.log" 2>&1 &
  PEER_PID=$!
  started=$SECONDS
  until grep -q "Started PeerApp" "$OUT/peer.log"; do
    alive "$PEER_PID" || { tail -n 30 "$OUT/peer.log" >&2; die "the peer stopped; see ${OUT#$ROOT/}/peer.log"; }
    ((SECONDS - started < 120)) || die "the peer did not start in 120 s; see ${OUT#$ROOT/}/peer.log"
    sleep 0.5
  done
  # Its replay works, and its twin: the same key twice, one row.
  peer_key="bench-$RUN_ID-smoke"
  for attempt in 1 2; do
    curl -sf -o /dev/null -X POST "$PEER_URL/orders" -H 'Content-Type: application/json' \
      -H "Idempotency-Key: $peer_key" -d '{"customer":"smoke","sku":"BENCH-07","quantity":1,"amount":1200}' ||
      die "the peer refused its own order; see ${OUT#$ROOT/}/peer.log"
  done
  [[ "$(psql -h 127.0.0.1 -p "$DB_PORT" -U ichido -d peer -qAt -c "SELECT count(*) FROM orders WHERE customer = 'smoke'")" == 1 ]] ||
    die "the peer ran one key twice"
  log "warming up the peer, closed loop (${WARMUP_MIN}s to ${WARMUP_MAX}s, as Liberty)"
  # Its JIT counters read with its own JDK's jcmd.
  JCMD="$(dirname "$PEER_JAVA")/jcmd" WRK_URL="$PEER_URL" \
    warm_up "$PEER_PID" "$WARMUP_MIN" "$WARMUP_MAX" peer/warmup peer-insert-plain peer-insert
  log "peer and Ichido: one INSERT with and without each layer, in turn, ${THROUGHPUT_SECONDS}s each"
  for slice in $(seq "$SLICES"); do
    measure_kinds "peer-insert-plain:peer-insert-plain:peer/$slice-plain@$PEER_URL" \
      "peer-insert:peer-insert:peer/$slice-layer@$PEER_URL" \
      "ours-insert-plain:insert-plain:peer/$slice-ours-plain" "ours-insert:insert:peer/$slice-ours-layer"
  done
  # The CPU of each request, as /proc counts it: the serving JVM's and PostgreSQL's.
  for spec in "peer-insert-plain:$PEER_PID:$PEER_URL" "peer-insert:$PEER_PID:$PEER_URL" \
    "insert-plain:$LIBERTY_PID:" "insert:$LIBERTY_PID:"; do
    IFS=: read -r mode pid url <<<"$spec" # url: the rest, colons and all
    j0="$(cpu_ticks_of "$pid")" p0="$(pg_ticks)"
    line="$(WRK_URL="$url" run_wrk "$mode" "$CONNECTIONS" "$PROFILE_SECONDS" "peer/cpu-$mode")"
    j1="$(cpu_ticks_of "$pid")" p1="$(pg_ticks)"
    n="$(field "$line" requests)"
    ((n > 0)) || die "no request answered while counting the CPU of $mode"
    hz="$(getconf CLK_TCK)"
    peer_jvm_us[$mode]="$(awk -v t=$((j1 - j0)) -v n="$n" -v hz="$hz" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')"
    peer_pg_us[$mode]="$(awk -v t=$((p1 - p0)) -v n="$n" -v hz="$hz" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')"
  done
  peer_rss_mib=$(($(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$PEER_PID/status") / 1024))
  peer_commits="$("${PSQL[@]}" -c "SELECT xact_commit FROM pg_stat_database WHERE datname = 'peer'")"
  stop_peer
fi

# ---------------------------------------------------------------------------------------------
# pgbench (see pgbench_phase), in a real run.

[[ "$SMOKE" == 1 ]] || pgbench_phase

other_cpus="$(awk -v m="$(($(machine_busy_ticks) - cpu_start_machine))" -v o="$(($(own_ticks) - cpu_start_own))" \
  -v t0="$cpu_start_wall" -v t1="$(now)" -v hz="$(getconf CLK_TCK)" \
  'BEGIN { x = (m - o) / hz / (t1 - t0); printf "%.2f", x < 0 ? 0 : x }')"

[[ -z "$split_pid" ]] || wait "$split_pid" || die "ProfileSplit failed (above)"
stop_everything
trap - EXIT

# ---------------------------------------------------------------------------------------------
# The table, once every measurement has produced something: a kind of request none of which
# succeeded (a 404 from a missing endpoint, a server that answered only 500s), a pgbench without a
# transaction or a reading left empty fails the run, smoke or not.

empty=()
peer_kinds=()
[[ -z "$PEER_JAR" ]] || peer_kinds=(peer-insert-plain peer-insert ours-insert-plain ours-insert)
for kind in baseline fresh unlogged echo echo-replay noop insert-plain insert one-server two-servers \
  ${peer_kinds[@]+"${peer_kinds[@]}"}; do
  ((${tp_requests[$kind]:-0} > ${tp_failed[$kind]:-0})) ||
    empty+=("wrk $kind: ${tp_failed[$kind]:-0} of ${tp_requests[$kind]:-0} requests failed")
done
for kind in baseline fresh replay; do
  line="$(grep "^RESULT kind=$kind " "$OUT/latency.log" || true)"
  n="$(field "$line" n)" errors="$(field "$line" errors)"
  ((${n:-0} > ${errors:-0})) ||
    empty+=("fixed-rate $kind: ${line:-no RESULT line}")
done
awk -v a="${pgbench_tps:-0}" -v b="${pgbench_replay_tps:-0}" 'BEGIN { exit !(a > 0 && b > 0) }' ||
  empty+=("pgbench: ${pgbench_tps:-no} / ${pgbench_replay_tps:-no} tps")
((${chained_facts:-0} > 0)) || empty+=("payment log: no fact chained during the throughput slices")
((${vm_hwm_kb:-0} > 0)) || empty+=("memory: no VmHWM read")
if [[ "$PROFILE" == 1 ]]; then
  [[ -s "$OUT/profile/split.txt" ]] || empty+=("profile: no CPU split (see ${OUT#$ROOT/}/profile/split.log)")
fi
[[ "$lb_answered" =~ ^s1=[1-9][0-9]*\ s2=[1-9][0-9]*$ ]] ||
  empty+=("HAProxy: not both servers answered (${lb_answered:-no statistics})")
if ((${#empty[@]} > 0)); then
  printf 'bench.sh: a measurement produced nothing (logs in %s/):\n' "${OUT#$ROOT/}" >&2
  printf '  %s\n' "${empty[@]}" >&2
  exit 1
fi

ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
verdict() { # awk condition over a and b, errors
  if [[ "$SMOKE" == 1 ]]; then echo "-"; return; fi
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
quotient() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
tp_base="$(rps baseline)"; tp_orders="$(rps fresh)"; tp_unlogged="$(rps unlogged)"
tp_errors=$((${tp_failed[fresh]} + ${pgbench_failed:-0}))
ratio="$(quotient "$tp_orders" "$pgbench_tps")"
layer_share="$(quotient "$tp_orders" "$tp_base")"
replay_vs="$(quotient "$r50" "$b50")"
logged_share="$(quotient "$tp_base" "$tp_unlogged")"
logged_errors=$((${tp_failed[baseline]} + ${tp_failed[unlogged]}))
logged_result="MISS (log not off)" # unless the unlogged slices really wrote no entry
[[ "$SMOKE" == 1 ]] && logged_result="-"
if ((${tp_log_rows[unlogged]} == 0)); then
  logged_result="$(verdict "$tp_base" "$tp_unlogged" "$logged_errors" "a >= b * $MIN_LOGGED_THROUGHPUT_SHARE")"
fi
tp_echo="$(rps echo)"; tp_echo_replay="$(rps echo-replay)"
echo_share="$(quotient "$tp_echo" "$pgbench_tps")"
echo_errors=$((${tp_failed[echo]} + ${pgbench_failed:-0}))
echo_replay_share="$(quotient "$tp_echo_replay" "$pgbench_replay_tps")"
echo_replay_errors=$((${tp_failed[echo-replay]} + ${pgbench_replay_failed:-0}))
tp_one="$(rps one-server)"; tp_two="$(rps two-servers)"
tp_noop="$(rps noop)"; tp_insert="$(rps insert)"; tp_insert_plain="$(rps insert-plain)"
insert_share="$(quotient "$tp_insert" "$tp_insert_plain")"
# Native Memory Tracking, which the benchmark turns on for the breakdown below and no production
# server runs, keeps ~16 MiB of bookkeeping of its own in the resident set (its own line of the
# summary): the verdict is on the peak less that, and the row shows both.
nmt_kb="$(sed -nE 's/^-[[:space:]]+Native Memory Tracking \(reserved=[0-9]+KB, committed=([0-9]+)KB.*/\1/p' \
  "$OUT/native-memory.txt" 2>/dev/null)"
rss_measured_mib=$((vm_hwm_kb / 1024))
rss_mib=$(((vm_hwm_kb - ${nmt_kb:-0}) / 1024))

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
mem_gib="$(awk '/^MemTotal:/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo)"
commit="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"

row() { printf '%-56s %-22s %-10s %s\n' "$@"; }
echo
echo "Ichido idempotency layer benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
echo "Machine: $(nproc) CPUs, $cpu, $mem_gib GiB RAM; Liberty with -Xmx$HEAP (MaxHeapSize $((max_heap_bytes / 1048576)) MiB, checked with jcmd)"
echo "PostgreSQL: $db_settings"
echo "Client, server and database share this machine; other processes used $other_cpus of its $(nproc) CPUs on average meanwhile."
if [[ "$SMOKE" == 1 ]]; then
  echo "SMOKE RUN (BENCH_SMOKE=1): every phase ran once with tiny sizes. These figures mean nothing;"
  echo "no target is judged. Run src/bench/bench.sh without BENCH_SMOKE for figures."
fi
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
row "   wrk POST /api/bench/orders, payment log off (trigger)" "$tp_unlogged req/s" "" ""
row "   baseline with / without the log (cost understated)" "$logged_share" ">= $MIN_LOGGED_THROUGHPUT_SHARE" \
  "$logged_result"
row "   payment log: commit -> chained p50 / p99 ($chained_facts facts)" "$fresh50 / $fresh99 ms" "p99 <= 1000 ms" \
  "$( ((chained_facts > 0)) && verdict "$fresh99" 1000 0 'a <= b' || echo "MISS (none chained)")"
row "   waits on a lock every writer shares (advisory), samples" "$advisory_waits of $lock_samples" "0" \
  "$(verdict "$advisory_waits" 0 0 'a == b')"
row "4. POST /api/bench/echo (@Idempotent, does nothing), $CONNECTIONS conn." "" "" ""
row "   wrk, fresh keys" "$tp_echo req/s" "" ""
row "   echo fresh key / pgbench of the layer's SQL" "$echo_share" ">= $MIN_ECHO_SHARE" \
  "$(verdict "$tp_echo" "$pgbench_tps" "$echo_errors" "a >= b * $MIN_ECHO_SHARE")"
row "   wrk, replays" "$tp_echo_replay req/s" "" ""
row "   pgbench, a replay's SQL alone, $CONNECTIONS clients" "$(printf '%.1f' "$pgbench_replay_tps") tps" "" ""
row "   echo replay / pgbench of the replay's SQL" "$echo_replay_share" ">= $MIN_ECHO_SHARE" \
  "$(verdict "$tp_echo_replay" "$pgbench_replay_tps" "$echo_replay_errors" "a >= b * $MIN_ECHO_SHARE")"
row "   payment-log entries written per replay" "$(per_request echo-replay)" "0" \
  "$(verdict "${tp_log_rows[echo-replay]}" 0 "$echo_replay_errors" 'a == b')"
row "   floor: POST /api/bench/noop (no layer, same security)" "$tp_noop req/s" "" ""
row "   echo fresh key / floor; echo replay / floor" "$(quotient "$tp_echo" "$tp_noop"); $(quotient "$tp_echo_replay" "$tp_noop")" "" "(info)"
row "   one INSERT: /api/bench/insert-plain (no layer)" "$tp_insert_plain req/s" "" ""
row "   one INSERT: /api/bench/insert (@Idempotent, fresh key)" "$tp_insert req/s" "" ""
row "   one INSERT with the layer / without (peer: 0.44)" "$insert_share" "" "(info)"
row "5. Two servers, HAProxy, POST /api/orders, fresh keys" "" "" ""
row "   one server, direct (slices in turn with the next)" "$tp_one req/s" "" ""
row "   two servers through HAProxy" "$tp_two req/s" "" ""
row "   two / one (both servers share the $(nproc) CPUs)" "$(quotient "$tp_two" "$tp_one")" "" "(info)"
row "   waits on a lock every writer shares (advisory), samples" "$lb_advisory of $lb_samples" "0" \
  "$(verdict "$lb_advisory" 0 "$((${tp_failed[two-servers]} + ${tp_failed[one-server]}))" 'a == b')"
rss_target="" rss_result="" # the target is for the default heap only
if [[ "$HEAP" == 512m ]]; then
  rss_target="<= $MAX_RSS_MIB_AT_512M MiB"
  rss_result="$(verdict "$rss_mib" "$MAX_RSS_MIB_AT_512M" 0 'a <= b')"
fi
row "6. Liberty JVM peak RSS (VmHWM) less NMT's own, -Xmx$HEAP" "$rss_mib MiB" "$rss_target" "$rss_result"
row "   VmHWM as measured; NMT's own bookkeeping in it" "$rss_measured_mib; $((${nmt_kb:-0} / 1024)) MiB" "" "(info)"
if [[ -n "$PEER_JAR" ]]; then
  tp_peer="$(rps peer-insert)"; tp_peer_plain="$(rps peer-insert-plain)"
  tp_ours="$(rps ours-insert)"; tp_ours_plain="$(rps ours-insert-plain)"
  peer_errors=$((${tp_failed[peer-insert]} + ${tp_failed[ours-insert]}))
  row "8. The Spring peer (idempotency4j, Spring Boot), same PostgreSQL" "" "" ""
  row "   one INSERT, $CONNECTIONS connections, in turn, ${THROUGHPUT_SECONDS} s per kind" "" "" ""
  row "   peer: without / with its layer" "$tp_peer_plain / $tp_peer req/s" "" ""
  row "   Ichido: without / with its layer" "$tp_ours_plain / $tp_ours req/s" "" ""
  row "   with the layer / without: peer; Ichido" \
    "$(quotient "$tp_peer" "$tp_peer_plain"); $(quotient "$tp_ours" "$tp_ours_plain")" "" "(info)"
  row "   Ichido with its layer / the peer with its own" "$(quotient "$tp_ours" "$tp_peer")" ">= 1.00" \
    "$(verdict "$tp_ours" "$tp_peer" "$peer_errors" 'a >= b')"
  row "   CPU us per request with the layer: JVM, PostgreSQL" \
    "peer ${peer_jvm_us[peer-insert]}, ${peer_pg_us[peer-insert]}; Ichido ${peer_jvm_us[insert]}, ${peer_pg_us[insert]}" "" "(/proc)"
  row "   CPU us per request without: JVM, PostgreSQL" \
    "peer ${peer_jvm_us[peer-insert-plain]}, ${peer_pg_us[peer-insert-plain]}; Ichido ${peer_jvm_us[insert-plain]}, ${peer_pg_us[insert-plain]}" "" "(/proc)"
  row "   peak RSS at -Xmx$HEAP: peer; Ichido (section 6)" "$peer_rss_mib; $rss_mib MiB" "" ""
  row "   Ichido RSS / peer RSS" "$(quotient "$rss_mib" "$peer_rss_mib")" "" "(info)"
  row "   transactions the peer's database committed" "$peer_commits" "" ""
else
  row "8. The Spring peer: not measured (BENCH_PEER_JAR unset; docs/benchmarks.md)" "" "" ""
fi
echo
if [[ "$PROFILE" == 1 ]]; then
  echo "7. Where Liberty's CPU goes, microseconds of CPU per request (async-profiler, ${PROFILE_SECONDS} s of wrk per kind,"
  echo "   $CONNECTIONS connections; each sample charged to the part of its stack it ran in; flame graphs in ${OUT#$ROOT/}/profile/)"
  cat "$OUT/profile/split.txt"
  printf '%-34s' "Liberty, from /proc"; for kind in noop echo echo-replay insert-plain insert; do printf ' %12s' "${profiled_liberty_us[$kind]}"; done; echo
  printf '%-34s' "PostgreSQL, from /proc"; for kind in noop echo echo-replay insert-plain insert; do printf ' %12s' "${profiled_pg_us[$kind]}"; done; echo
  printf '%-34s' "wrk and the rest, from /proc"; for kind in noop echo echo-replay insert-plain insert; do printf ' %12s' "${profiled_rest_us[$kind]}"; done; echo
  echo
fi
awk '/^Total: / { print "Native memory (NMT) at the end of section 4: " $0 }' "$OUT/native-memory.txt" 2>/dev/null || true
sed -nE 's/^-[[:space:]]+(.*[^[:space:]])[[:space:]]+\(reserved=[0-9]+KB, committed=([0-9]+)KB.*/\2 \1/p' "$OUT/native-memory.txt" 2>/dev/null |
  sort -rn | awk '$1 >= 10240 { n = $1; $1 = ""; out = out sep substr($0, 2) " " int(n / 1024) " MiB"; sep = ", " }
    END { if (out) print "  committed, the parts over 10 MiB: " out }' || true
echo "RSS at that moment $((${vm_rss_kb:-0} / 1024)) MiB; live heap after a full GC: $(awk '$1 == "Total" { printf "%d MiB", $3 / 1048576 }' "$OUT/heap-histogram.txt" 2>/dev/null || echo unknown)" \
  "(largest classes in ${OUT#$ROOT/}/heap-histogram.txt)"
echo "Requests that failed: latency baseline/fresh/replay $(field "$lat_baseline" errors)/$(field "$lat_fresh" errors)/$(field "$lat_replay" errors)," \
  "wrk baseline/fresh/unlogged ${tp_failed[baseline]}/${tp_failed[fresh]}/${tp_failed[unlogged]}," \
  "echo fresh/replay ${tp_failed[echo]}/${tp_failed[echo-replay]}," \
  "no-op/insert-plain/insert ${tp_failed[noop]}/${tp_failed[insert-plain]}/${tp_failed[insert]}," \
  "one/two servers ${tp_failed[one-server]}/${tp_failed[two-servers]}," \
  "pgbench layer/replay ${pgbench_failed:-0}/${pgbench_replay_failed:-0}"
echo "Sends more than 1 ms behind the driver's timetable (latency still counted from the timetable):" \
  "baseline/fresh/replay $(field "$lat_baseline" late_sends)/$(field "$lat_fresh" late_sends)/$(field "$lat_replay" late_sends) of $(field "$lat_baseline" n) each"
echo "Lock waits seen in $lock_samples samples during the throughput runs: ${lock_waits} (${lock_wait_kinds:-none});" \
  "in $lb_samples samples with two servers: $lb_waits (${lb_wait_kinds:-none})"
echo "Payment-log entries written per request: baseline $(per_request baseline), fresh key $(per_request fresh)," \
  "baseline with the log off $(per_request unlogged) (a trigger skips the rows; the statements still run)," \
  "echo fresh key $(per_request echo), echo replay $(per_request echo-replay)"
echo "Two servers: the second Liberty was ready after ${server_2_ready}s and warmed up for ${warmed_seconds}s" \
  "(JIT busy $warmed_jit in the last round); 2xx answers through HAProxy $lb_answered"
echo "Warm-up: ${warmup_seconds}s closed loop. Liberty's JIT compiler threads were busy $jit_warmup of the time" \
  "in its last round, $jit_throughput during the throughput runs, $jit_latency during the latency test"
awk -v b="$gc_before" -v a="$gc_after" 'BEGIN { split(b, x, " "); split(a, y, " ")
  printf "Liberty young GC pauses during the latency test (with its warm-up): %d, %.0f ms in all\n", y[1] - x[1], (y[2] - x[2]) * 1000 }'
echo "Logs: ${OUT#$ROOT/}/ (per-segment latencies in latency.log, Liberty's GC in liberty-gc-$LIBERTY_PID.log," \
  "the second Liberty's in server-2.log, HAProxy's configuration in haproxy.cfg)"
if [[ "$SMOKE" == 1 ]]; then
  echo "Smoke run: every phase ran and produced figures (which mean nothing at these sizes)."
fi

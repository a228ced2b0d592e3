#!/usr/bin/env bash
# The integration tests' Liberty server, started by the build before the first test class rather
# than by Arquillian at the first class that deploys: it then starts while the classes that need
# no deployment run (servers of their own), and Arquillian connects to it
# (allowConnectingToRunningServer). Stopped by the build after the last class.
#
#   it-server.sh start WLP SERVER   start it in the background, with fresh logs
#   it-server.sh stop WLP SERVER    stop it; when an integration test failed, print the end of
#                                   each test server's log, so that a failed build shows why
set -euo pipefail

command="$1" wlp="$2" server="$3"
dir="$wlp/usr/servers/$server"

case "$command" in
  start)
    # The ready message Arquillian waits for must be this start's (KeptDeployments.ServerReady).
    rm -rf "$dir/logs"
    # The test servers compile with C1 alone: they live minutes, mostly waiting on the tests, and
    # C2's compilations took CPU the two CPUs' test run needed. A server a test makes from this one
    # (SecondServer) copies its server.env, and so this line.
    env="$dir/server.env"
    { grep -v '^JVM_ARGS=' "$env" 2>/dev/null || true; echo 'JVM_ARGS=-XX:TieredStopAtLevel=1'; } >"$env.new"
    mv "$env.new" "$env"
    "$wlp/bin/server" start "$server"
    ;;
  stop)
    "$wlp/bin/server" stop "$server" || true
    reports="$(dirname "$(dirname "$wlp")")/failsafe-reports"
    if grep -lqE '<(failure|error)[ >]' "$reports"/TEST-*.xml 2>/dev/null; then
      for log in "$wlp"/usr/servers/*/logs/messages.log; do
        [[ -f "$log" ]] || continue
        echo "----- the last 300 lines of ${log#"$wlp/"} (an integration test failed) -----"
        tail -n 300 "$log"
      done
    fi
    ;;
  *)
    echo "it-server.sh: start or stop, not $command" >&2
    exit 2
    ;;
esac

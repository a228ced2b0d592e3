#!/usr/bin/env bash
# ClusterIT puts Debian's HAProxy in front of two Liberty servers. The test command installs it
# when it is missing and it may (root, or password-less sudo, with apt-get); otherwise it says how,
# and ClusterIT fails with the same advice. ClusterIT starts and stops HAProxy itself: the
# package's own service is left as Debian ships it.
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/../debian-packages.sh"

if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then
  echo "Installing haproxy for the cluster test"
  install haproxy ||
    echo "Could not install it: run 'sudo apt-get install haproxy'" >&2
fi
exit 0

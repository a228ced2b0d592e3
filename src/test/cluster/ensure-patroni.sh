#!/usr/bin/env bash
# PatroniFailoverIT runs a three-node PostgreSQL cluster under Debian's Patroni, with etcd as its
# store and HAProxy in front: Patroni needs pg_basebackup and pg_rewind of its PostgreSQL's major
# version, which Debian's postgresql-15 has (the build's own PostgreSQL binaries have neither). The
# test command installs what is missing when it may (root, or password-less sudo, with apt-get);
# otherwise it says how, and the test fails with the same advice. The test starts and stops every
# process itself: the packages' own services are left as Debian ships them (no systemd here
# starts them either).
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/../debian-packages.sh"

missing=()
[ -x /usr/bin/patroni ] || missing+=(patroni)
[ -x /usr/bin/etcd ] || missing+=(etcd-server)
[ -x /usr/lib/postgresql/15/bin/pg_rewind ] || missing+=(postgresql-15)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} for the Patroni failover test"
  install "${missing[@]}" ||
    echo "Could not install them: run 'sudo apt-get install ${missing[*]}'" >&2
fi
exit 0

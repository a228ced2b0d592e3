#!/usr/bin/env bash
# AuditConsoleIT drives Debian's Chromium and chromedriver. The test command installs them when
# they are missing and it may (root, or password-less sudo, with apt-get); otherwise it says how,
# and AuditConsoleIT fails with the same advice. A Japanese font only makes the Japanese
# screenshot readable.
set -uo pipefail

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo -n "$@"; else return 1; fi
}

install() {
  command -v apt-get >/dev/null || return 1
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "Installing chromium and chromium-driver for the browser test"
  install chromium chromium-driver ||
    echo "Could not install them: run 'sudo apt-get install chromium chromium-driver'" >&2
fi
if ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  install fonts-ipafont-gothic ||
    echo "No Japanese font: target/screenshots/audit-console-ja.png will show boxes" >&2
fi
exit 0

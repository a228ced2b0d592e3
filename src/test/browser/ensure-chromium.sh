#!/usr/bin/env bash
# AuditConsoleIT drives Debian's Chromium and chromedriver. The test command installs them when
# they are missing and it may (root, or password-less sudo, with apt-get); otherwise it says how,
# and AuditConsoleIT fails with the same advice. A Japanese font only makes the Japanese
# screenshot readable.
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/../debian-packages.sh"

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

# Sourced by the test command's ensure-*.sh scripts: installs Debian packages a test needs, as root
# or with password-less sudo, through apt-get. install answers non-zero when it cannot.

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif sudo -n true 2>/dev/null; then sudo -n "$@"; else return 1; fi
}

install() {
  command -v apt-get >/dev/null || return 1
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

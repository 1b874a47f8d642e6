# bench/common/deps.sh - sourced by the benches (bash): what they need beyond scripts/setup.sh.
#
#   bench_deps [PKG...]   installs the Debian packages PKG... and python3-matplotlib with the
#                         project's own installer (scripts/lib.sh: apt only for what dpkg-query
#                         shows missing), then makes sure the python3 on PATH imports matplotlib:
#                         Debian's package serves /usr/bin/python3 only, so another python3
#                         (pyenv, venv) gets it from pip.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/lib.sh"

bench_deps() {
  hl_install_deps python3-matplotlib "$@" >&2 || return 1
  python3 -c 'import matplotlib' 2>/dev/null && return 0
  hl_log "bench: $(command -v python3) has no matplotlib: pip install matplotlib"
  python3 -m pip install -q matplotlib
}

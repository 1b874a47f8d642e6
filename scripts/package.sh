#!/usr/bin/env bash
# scripts/package.sh [OUT_DIR] - build the Debian package of hotlayout: the CLI
# and the plugins of every major (build/ and build-19/, built first as
# scripts/setup.sh builds them), the files `cmake --install` puts under /usr
# (cmake/Install.cmake), stripped. Prints the .deb's path (default OUT_DIR:
# build/package). Install and remove it with
#   dpkg -i OUT_DIR/hotlayout_<version>_<arch>.deb   # then: hotlayout flags
#   dpkg -r hotlayout
# Its Depends are what the CLI links; it recommends clang, lld, BOLT and
# llvm-profdata of LLVM 22, which the recipe and apply run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case "${1:-}" in
  -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
hl_install_deps
for major in "${HL_MAJORS[@]}"; do
  hl_build "$major"
done
cli="$(hl_build_dir "$HL_CLI_MAJOR")"
out="${1:-$cli/package}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# CPackConfig.cmake names every tree (HOTLAYOUT_PLUGIN_BUILDS, set by lib.sh).
hl_log "cpack -G DEB into $out"
cpack -G DEB --config "$cli/CPackConfig.cmake" -B "$out" >&2 ||
  { hl_err "cpack failed (output above)"; exit 1; }
ls "$out"/hotlayout_*.deb

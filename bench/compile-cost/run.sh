#!/usr/bin/env bash
# bench/compile-cost/run.sh [--package PKG] [FILE.c ...]: what the plugin costs a compile.
# Compiles each FILE (default: Lua 5.4's seven largest sources) of Debian's source package PKG
# (default lua5.4, fetched by bench/common/fetch-source.sh) with `hotlayout flags` and with
# `hotlayout flags --no-plugin` (same flags, no plugin), -O2, and prints per file:
#   instructions executed by the whole compile (valgrind callgrind: exact and repeatable on a
#   loaded machine, where CPU seconds are not), their ratio, and peak resident memory
#   (/usr/bin/time's maximum RSS, median of 3 runs), then the sums.
# Environment: HOTLAYOUT (default build/bin/hotlayout), CLANG (default clang-22).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
HOTLAYOUT=${HOTLAYOUT:-$root/build/bin/hotlayout}
CLANG=${CLANG:-clang-22}
pkg=lua5.4
if [ "${1:-}" = --package ]; then pkg=$2; shift 2; fi
src=$("$root/bench/common/fetch-source.sh" "$pkg")
[ -d "$src/src" ] && src=$src/src
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(lvm.c lparser.c lcode.c lstrlib.c ltable.c lgc.c lapi.c)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Debian's Lua includes a header its packaging generates.
mkdir -p "$tmp/inc"
echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' > "$tmp/inc/lua5.4-deb-multiarch.h"
source "$root/bench/common/recipe.sh"
bench_recipe "$HOTLAYOUT" "$CLANG" --cflags; with=("${RECIPE[@]}")
bench_recipe "$HOTLAYOUT" "$CLANG" --cflags --no-plugin; without=("${RECIPE[@]}")
# valgrind 3.19 cannot read the DWARF 5 that clang 22 writes into the plugin's debug info: the
# compiles load a copy without it (the same code).
plugin=$("$HOTLAYOUT" flags --cc "$CLANG" --print-plugin)
"$(dirname "$(readlink -f "$(command -v "$CLANG")")")/llvm-strip" -g "$plugin" -o "$tmp/libHotLayout.so"
with=("${with[@]/#-fpass-plugin=*/-fpass-plugin=$tmp/libHotLayout.so}")
# instructions FLAGS...: the compile's instruction count (callgrind, children included).
instructions() {
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.%p" \
    "$CLANG" -O2 -I"$tmp/inc" "$@" -o "$tmp/out.o" >/dev/null 2>"$tmp/vg.txt"
  awk '/refs:/ { gsub(",", "", $NF); s += $NF } END { printf "%.0f\n", s }' "$tmp/vg.txt"
  rm -f "$tmp"/cg.*
}
# peak FLAGS...: median maximum RSS (KiB) of 3 compiles.
peak() {
  for _ in 1 2 3; do /usr/bin/time -f %M "$CLANG" -O2 -I"$tmp/inc" "$@" -o "$tmp/out.o" 2>&1 >/dev/null | tail -1; done |
    sort -n | sed -n 2p
}
[[ " ${with[*]} " == *" -fpass-plugin=$tmp/libHotLayout.so "* ]] ||
  { echo "compile-cost: the recipe names no plugin: ${with[*]}" >&2; exit 1; }
printf '%-12s %14s %14s %7s %9s %9s %7s\n' file instr-noplugin instr-plugin ratio rss-no rss-plugin ratio
cd "$src"
tw=0; to=0
for f in "${files[@]}"; do
  a=$(instructions "${without[@]}" -c "$f"); b=$(instructions "${with[@]}" -c "$f")
  ra=$(peak "${without[@]}" -c "$f"); rb=$(peak "${with[@]}" -c "$f")
  awk -v f="$f" -v a="$a" -v b="$b" -v ra="$ra" -v rb="$rb" \
    'BEGIN { printf "%-12s %14.0f %14.0f %7.4f %9d %9d %7.4f\n", f, a, b, b / a, ra, rb, rb / ra }'
  to=$((to + a)); tw=$((tw + b))
done
awk -v a="$to" -v b="$tw" 'BEGIN { printf "%-12s %14.0f %14.0f %7.4f\n", "total", a, b, b / a }'
python3 "$root/bench/common/machine.py"
"$CLANG" --version | head -1

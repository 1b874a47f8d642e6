#!/usr/bin/env bash
# bench/compile-cost/run.sh [--package PKG | --program NAME] [--use P [--loop-profile L
#   [--block-order O --function-order F]]] [FILE ...]:
# what the plugin costs a compile.
# Compiles each FILE with `hotlayout flags [--use P [--loop-profile L]]` and with the same flags
# plus --no-plugin, -O2, and prints per file: instructions executed by the whole compile
# (valgrind cachegrind: exact and repeatable on a loaded machine, where CPU seconds are not), their
# ratio, and peak resident memory (/usr/bin/time's maximum RSS, median of 3 runs), then the sums.
#   --package PKG   files of Debian's source package PKG (default lua5.4; FILEs default to Lua
#                   5.4's seven largest sources), fetched by bench/common/fetch-source.sh
#   --program NAME  a program of bench/aligned-lock/programs.sh: its files and each file's own
#                   flags, as its build compiles them (FILEs: a subset, paths relative to the
#                   source, e.g. src/lvm.c for lua)
#   --use P, --loop-profile L, --block-order O, --function-order F   the recipe's first and
#                   final builds (the program's profile, loop profile and orders, e.g. from
#                   bench/aligned-lock/run.sh's WORK: in0's profile, in.loops, in.order, in.funcs);
#                   the orders reach the compiles of both sides (clang's own
#                   -fbasic-block-sections=list=, not the plugin's)
# Environment: HOTLAYOUT (default build/bin/hotlayout), CLANG (default clang-22; clang++-22 for a
# C++ program), WORK (aligned-lock's, for --program pugixml: its source copy), KEEP_OBJECTS
# (a directory: each file's object with the plugin is kept there as FILE.o, slashes as _, to
# compare two plugins' code byte for byte).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
HOTLAYOUT=${HOTLAYOUT:-$root/build/bin/hotlayout}
CLANG=${CLANG:-clang-22}
pkg=lua5.4 program= stage=() base=()
while [ $# -gt 0 ]; do
  case $1 in
    --package) pkg=$2; shift 2 ;;
    --program) program=$2; shift 2 ;;
    # The baseline takes the profile and the orders (clang's), not the loop profile (hotalign's).
    --use | --block-order | --function-order)
      stage+=("$1" "$(readlink -f "$2")"); base+=("$1" "$(readlink -f "$2")"); shift 2 ;;
    --loop-profile) stage+=("$1" "$(readlink -f "$2")"); shift 2 ;;
    *) break ;;
  esac
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# Per file, the flags its build gives it: FLAGS[file] (words, shell-quoted).
declare -A FLAGS
if [ -n "$program" ]; then
  # W: where aligned-lock keeps the sources it copies (pugixml with its driver): its run's WORK,
  # so that the files keep the paths a --use profile of that run names them by.
  HERE=$root/bench/aligned-lock ROOT=$root W=${WORK:-$root/bench/work/aligned-lock}
  source "$HERE/programs.sh"
  src=$("${program}_source")
  BUILD_C_DRY=1 CLANG=CC "${program}_build" "$src" "$tmp/dry" >/dev/null
  [ -s "$tmp/dry/commands.txt" ] ||
    { echo "compile-cost: ${program}_build wrote no commands (only programs built by build-c.sh or layout-lock/build.sh: use --package)" >&2; exit 1; }
  # "CC[++] -O2 -ffunction-sections ARGS -c SRC/FILE -o OBJ": ARGS are the file's own flags
  # (CC++: a C++ program; CLANG names the driver, e.g. clang++-22).
  while read -r line; do
    f=${line#* -c "$src"/}; f=${f%% -o *}
    args=${line#CC* -O2 -ffunction-sections }; args=${args%% -c *}
    FLAGS[$f]=$args
  done < "$tmp/dry/commands.txt"
  files=("$@")
  [ ${#files[@]} -gt 0 ] || mapfile -t files < <(printf '%s\n' "${!FLAGS[@]}" | sort)
else
  src=$("$root/bench/common/fetch-source.sh" "$pkg")
  [ -d "$src/src" ] && src=$src/src
  files=("$@")
  [ ${#files[@]} -gt 0 ] || files=(lvm.c lparser.c lcode.c lstrlib.c ltable.c lgc.c lapi.c)
  # Debian's Lua includes a header its packaging generates.
  mkdir -p "$tmp/inc"
  echo '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"' > "$tmp/inc/lua5.4-deb-multiarch.h"
  for f in "${files[@]}"; do FLAGS[$f]="-I$tmp/inc"; done
fi
source "$root/bench/common/recipe.sh"
bench_recipe "$HOTLAYOUT" "$CLANG" --cflags "${stage[@]}"; with=("${RECIPE[@]}")
bench_recipe "$HOTLAYOUT" "$CLANG" --cflags "${base[@]}" --no-plugin; without=("${RECIPE[@]}")
# valgrind 3.19 cannot read the DWARF 5 that clang 22 writes into the plugin's debug info: the
# compiles load a copy without it (the same code).
plugin=$("$HOTLAYOUT" flags --cc "$CLANG" --print-plugin)
"$(dirname "$(readlink -f "$(command -v "$CLANG")")")/llvm-strip" -g "$plugin" -o "$tmp/libHotLayout.so"
with=("${with[@]/#-fpass-plugin=*/-fpass-plugin=$tmp/libHotLayout.so}")
with=("${with[@]/#-Xclang=$plugin/-Xclang=$tmp/libHotLayout.so}")
# instructions FLAGS...: the compile's instruction count (children included). Cachegrind without
# its cache and branch models counts them in a third of callgrind's time (zlib's trees.c: 29 s
# against 88 s of CPU; 859.2 M against callgrind's 857.2 M, the same tool on both sides).
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --branch-sim=no --trace-children=yes \
    --cachegrind-out-file="$tmp/cg.%p" \
    "$CLANG" -O2 "$@" -o "$tmp/out.o" >/dev/null 2>"$tmp/vg.txt"
  awk '/refs:/ { gsub(",", "", $NF); s += $NF } END { printf "%.0f\n", s }' "$tmp/vg.txt"
  rm -f "$tmp"/cg.*
}
# peak FLAGS...: median maximum RSS (KiB) of 3 compiles.
peak() {
  for _ in 1 2 3; do /usr/bin/time -f %M "$CLANG" -O2 "$@" -o "$tmp/out.o" 2>&1 >/dev/null | tail -1; done |
    sort -n | sed -n 2p
}
[[ " ${with[*]} " == *" -fpass-plugin=$tmp/libHotLayout.so "* ]] ||
  { echo "compile-cost: the recipe names no plugin: ${with[*]}" >&2; exit 1; }
printf '%-12s %14s %14s %7s %9s %9s %7s\n' file instr-noplugin instr-plugin ratio rss-no rss-plugin ratio
# Each file by the path its build gives it: IR PGO names a static function by its file's path, so
# a --use profile matches only the path it was trained with.
cd "$src"
tw=0; to=0
for f in "${files[@]}"; do
  [ -n "${FLAGS[$f]+set}" ] || { echo "compile-cost: $f is not a file of ${program:-$pkg}" >&2; exit 1; }
  eval "own=(${FLAGS[$f]})"
  a=$(instructions "${own[@]}" "${without[@]}" -c "$src/$f"); b=$(instructions "${own[@]}" "${with[@]}" -c "$src/$f")
  [ -z "${KEEP_OBJECTS:-}" ] || cp "$tmp/out.o" "$KEEP_OBJECTS/${f//\//_}.o"
  ra=$(peak "${own[@]}" "${without[@]}" -c "$src/$f"); rb=$(peak "${own[@]}" "${with[@]}" -c "$src/$f")
  awk -v f="$f" -v a="$a" -v b="$b" -v ra="$ra" -v rb="$rb" \
    'BEGIN { printf "%-12s %14.0f %14.0f %7.4f %9d %9d %7.4f\n", f, a, b, b / a, ra, rb, rb / ra }'
  to=$((to + a)); tw=$((tw + b))
done
awk -v a="$to" -v b="$tw" 'BEGIN { printf "%-12s %14.0f %14.0f %7.4f\n", "total", a, b, b / a }'
python3 "$root/bench/common/machine.py"
"$CLANG" --version | head -1

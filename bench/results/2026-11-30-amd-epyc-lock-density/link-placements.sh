#!/bin/bash
# link-placements.sh PROGRAM_DIR [TARGET]: the final build without llvm-bolt or a lock, whole
# and split, over run.sh's 16 placements. whole: in's objects (the block order written with
# --whole-functions, as the recipe's); split: the same compile with the block order written
# without it (cold blocks in .text.split.NAME; `hotlayout loops in0` again). A program run.sh
# builds with build-c.sh (bzip2, zlib, lz4: obj-in/commands.txt) links as lc_link does, with
# in's function order; one it builds with cmake_build names the ninja TARGET that is its
# binary (cmark: src/cmark) and links by that target's own command. Each link starts .text
# 64 * k bytes after a page (k = 0..15: an OVERWRITE_SECTIONS script); prints the mean of
# i1_misses over the 16. Leaves PROGRAM_DIR/obj-split and in.order.split (the split build).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd); H=${HOTLAYOUT:-hotlayout}
PW=$(cd "$1" && pwd) TARGET=${2:-}; cd "$PW"
CLANG=${CLANG:-clang-22}
source "$ROOT/bench/aligned-lock/i1-misses.sh"
T=$(mktemp -d "$PW/.link-placements.XXXXXX"); trap 'rm -rf "$T"' EXIT
[ -f in.order.split ] || "$H" loops in0 --profile prof-in0/prof.fdata -o "$T/loops" \
  --block-order in.order.split --function-order "$T/funcs" > /dev/null
rm -rf obj-split; mkdir obj-split
if [ -z "$TARGET" ]; then
  sed -e "s|$PW/in.order |$PW/in.order.split |g" -e "s|$PW/obj-in/|$PW/obj-split/|g" \
    obj-in/commands.txt > obj-split/commands.txt
  grep -q in.order.split obj-split/commands.txt
  bash -e obj-split/commands.txt
else
  cache() { grep "^$1:" obj-in/b/CMakeCache.txt | cut -d= -f2-; }
  flags=$(cache CMAKE_C_FLAGS | sed "s|$PW/in.order |$PW/in.order.split |")
  ld=$(cache CMAKE_EXE_LINKER_FLAGS)
  # shellcheck disable=SC2046 # the project's cached options, one word each
  cmake -S "$(cache CMAKE_HOME_DIRECTORY)" -B obj-split/b -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$(cache CMAKE_C_COMPILER)" -DCMAKE_CXX_COMPILER="$(cache CMAKE_CXX_COMPILER)" \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$ld" \
    $(grep -E '^[A-Z][A-Z0-9_]*:BOOL=' obj-in/b/CMakeCache.txt | grep -v '^CMAKE_' |
      sed 's/^\([^:]*\):BOOL=/-D\1=/') \
    > obj-split/cmake.log 2>&1
  grep -q in.order.split obj-split/b/CMakeCache.txt
  ninja -C obj-split/b "$TARGET" > obj-split/build.log 2>&1
fi
# link OBJ OUT SCRIPT: OBJ's final link, to OUT, with SCRIPT.
link() {
  if [ -z "$TARGET" ]; then
    "$CLANG" -O2 -fuse-ld=lld -Wl,--emit-relocs -Wl,--symbol-ordering-file="$PW/in.funcs" \
      -Wl,--no-warn-symbol-ordering -Wl,-T,"$3" -o "$2" "$1"/*.o
  else
    local cmd; cmd=$(ninja -C "$1/b" -t commands "$TARGET" | tail -1)
    [[ $cmd == *" -o $TARGET "* ]] || { echo "link-placements: no '-o $TARGET' in: $cmd" >&2; return 1; }
    (cd "$1/b" && eval "${cmd/ -o $TARGET / -o $2 -Wl,-T,$3 }")
  fi > "$T/link.log" 2>&1 || { cat "$T/link.log" >&2; return 1; }
}
for kind in whole split; do
  obj=obj-in; [ $kind = whole ] || obj=obj-split
  sum=0 line=
  for ((k = 0; k < 16; k++)); do
    printf 'OVERWRITE_SECTIONS {\n  .text : {\n    . = ALIGN(4096) + %d;\n    *(.text.unlikely .text.*_unlikely .text.unlikely.*)\n    *(.text.exit .text.exit.*)\n    *(.text.startup .text.startup.*)\n    *(.text.hot .text.hot.*)\n    *(.text .text.*)\n  }\n}\n' \
      $((k * 64)) > "$T/s.ld"
    link "$PW/$obj" "$T/b" "$T/s.ld"
    m=$(i1_misses "$T/b"); sum=$((sum + m)); line+=" $m"
  done
  echo "link-$kind -: mean $((sum / 16)) ($line )"
done

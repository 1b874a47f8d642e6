#!/bin/bash
# link-placements.sh PROGRAM_DIR: the final build without llvm-bolt or a lock, whole and split,
# over run.sh's 16 placements, for a program run.sh builds with build-c.sh and lc_link (bzip2,
# zlib, lz4: PROGRAM_DIR/obj-in/commands.txt). whole: in's objects (the block order written
# with --whole-functions, as the recipe's); split: the same compile commands with the block
# order written without it (cold blocks in .text.split.NAME; `hotlayout loops in0` again). Each
# links as lc_link does with in's function order, its .text started 64 * k bytes after a page
# (k = 0..15: an OVERWRITE_SECTIONS script), and prints the mean of i1_misses over the 16.
# Leaves PROGRAM_DIR/obj-split and in.order.split (the split build) behind.
set -euo pipefail
PW=$(cd "$1" && pwd); cd "$PW"
ROOT=$(cd "$(dirname "$0")/../../.." && pwd); H=${HOTLAYOUT:-hotlayout}
CLANG=${CLANG:-clang-22}
source "$ROOT/bench/aligned-lock/i1-misses.sh"
T=$(mktemp -d "$PW/.link-placements.XXXXXX"); trap 'rm -rf "$T"' EXIT
[ -f in.order.split ] || "$H" loops in0 --profile prof-in0/prof.fdata -o "$T/loops" \
  --block-order in.order.split --function-order "$T/funcs" > /dev/null
rm -rf obj-split; mkdir obj-split
sed -e "s|$PW/in.order |$PW/in.order.split |g" -e "s|$PW/obj-in/|$PW/obj-split/|g" \
  obj-in/commands.txt > obj-split/commands.txt
grep -q in.order.split obj-split/commands.txt
bash -e obj-split/commands.txt
for kind in whole split; do
  obj=obj-in; [ $kind = whole ] || obj=obj-split
  sum=0 line=
  for ((k = 0; k < 16; k++)); do
    printf 'OVERWRITE_SECTIONS {\n  .text : {\n    . = ALIGN(4096) + %d;\n    *(.text.unlikely .text.*_unlikely .text.unlikely.*)\n    *(.text.exit .text.exit.*)\n    *(.text.startup .text.startup.*)\n    *(.text.hot .text.hot.*)\n    *(.text .text.*)\n  }\n}\n' \
      $((k * 64)) > "$T/s.ld"
    "$CLANG" -O2 -fuse-ld=lld -Wl,--emit-relocs -Wl,--symbol-ordering-file="$PW/in.funcs" \
      -Wl,--no-warn-symbol-ordering -Wl,-T,"$T/s.ld" -o "$T/b" "$obj"/*.o
    m=$(i1_misses "$T/b"); sum=$((sum + m)); line+=" $m"
  done
  echo "link-$kind -: mean $((sum / 16)) ($line )"
done

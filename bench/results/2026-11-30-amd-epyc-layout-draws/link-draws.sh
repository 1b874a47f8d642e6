#!/bin/bash
# link-draws.sh PROGRAM_DIR OBJDIR BIN KIND VALUE...: the split lock through the linker (README.md),
# on a copy of a run.sh program whose final build was made again with its block order written
# without --whole-functions (cold blocks in .text.split.NAME) in OBJDIR (make BIN relinks it,
# and OBJDIR/BIN is left linked with the last layout);
# PROGRAM_DIR holds that build as `split` with its profile p-split.fdata, in.funcs and
# workload.txt. Per VALUE one layout, relinked at 8 placements (the base 0, 128, ..., 896 bytes
# past a 4 KiB boundary) and run under cachegrind as layout-draws.sh runs it:
#   c3lock S     hotlayout plan split --slack-percent S, placed by the lock (C3 order)
#   cdlock S     the same lock re-laid in in.funcs's order (cdsort-lock.py), placed by it
#   cdpacked F   that order end to end, 64 bytes after F (- : none)
set -uo pipefail
PW=$1 OBJ=$2 BIN=$3 KIND=$4; shift 4
HERE=$(cd "$(dirname "$0")" && pwd) H=${HOTLAYOUT:-hotlayout}
source "$HERE/../../aligned-lock/i1-misses.sh"  # i1_misses
cd "$PW"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$H" plan split --profile p-split.fdata -o "$T/c3.lock" > /dev/null
for v in "$@"; do
  mode=lock gap=
  case $KIND in
    c3lock) "$H" plan split --profile p-split.fdata --slack-percent "$v" -o "$T/l.lock" > /dev/null ;;
    cdlock) python3 "$HERE/cdsort-lock.py" "$T/c3.lock" in.funcs "$v" > "$T/l.lock" ;;
    cdpacked) python3 "$HERE/cdsort-lock.py" "$T/c3.lock" in.funcs 0 > "$T/l.lock"
              mode=packed; [ "$v" = - ] || gap=$v ;;
  esac
  sum=0 line=
  for k in 0 1 2 3 4 5 6 7; do
    python3 "$HERE/lock-script.py" "$T/l.lock" $((k * 128)) $mode $gap > "$T/l.ld"
    rm -f "$OBJ/$BIN"
    make -C "$OBJ" LDFLAGS="-fuse-ld=lld -Wl,--emit-relocs -Wl,--symbol-ordering-file=$PW/in.funcs \
      -Wl,--no-warn-symbol-ordering -Wl,-T,$T/l.ld" "$BIN" > "$T/log" 2>&1 || { cat "$T/log"; exit 1; }
    m=$(i1_misses "$OBJ/$BIN"); sum=$((sum + m)); line+=" $m"
  done
  echo "$KIND $v: mean $((sum / 8)) ($line )"
done

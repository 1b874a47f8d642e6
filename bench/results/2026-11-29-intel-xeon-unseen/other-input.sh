#!/bin/bash
# other-input.sh PW SRC: issue 30 item 4 on cmark, judged on another input than the training one.
# PW: bench/aligned-lock's WORK/cmark after `run.sh cmark` (its nopl, in, in.bolt, in.apply and
# the CMake cache of obj-in, the recipe's final build); SRC: the cmark source tree it built.
# Builds `nowarm` (the final build again with -hotalign-warm-min-count=0: hotalign before its
# warm-loop step) and `warm` (the same with the defaults: must be `in` byte for byte), then
# judges every binary with bench/common/callgrind_loops.py on the training input (data/in.md)
# and on other.md (the 25 Markdown samples of cmark's bench/samples, 20 times: emphasis, links,
# lists, HTML blocks, which the spec's prose hardly has), both as HTML and as XML with --smart.
# Prints summary lines and the warm-loop remarks of hotalign; writes under PW/other.
set -euo pipefail
PW=$(cd "$1" && pwd); S=$(cd "$2" && pwd)
ROOT=$(cd "$(dirname "$0")/../../.." && pwd); J=$ROOT/bench/common/callgrind_loops.py
O=$PW/other; mkdir -p "$O"
for i in $(seq 20); do cat "$S"/bench/samples/*.md; done > "$O/other.md"
CF=$(sed -n 's/^CMAKE_C_FLAGS:STRING=//p' "$PW/obj-in/b/CMakeCache.txt")
LF=$(sed -n 's/^CMAKE_EXE_LINKER_FLAGS:STRING=//p' "$PW/obj-in/b/CMakeCache.txt")
CC=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$PW/obj-in/b/CMakeCache.txt")
for v in warm nowarm; do
  extra=; [ $v = nowarm ] && extra="-Xclang=-mllvm -Xclang=-hotalign-warm-min-count=0"
  rm -rf "$O/b-$v"
  cmake -S "$S" -B "$O/b-$v" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_C_FLAGS="$CF $extra" -DCMAKE_EXE_LINKER_FLAGS="$LF" -DCMARK_TESTS=OFF \
    -DCMARK_SHARED=OFF > "$O/b-$v.log" 2>&1
  ninja -C "$O/b-$v" -v cmark >> "$O/b-$v.log" 2>&1
  cp "$O/b-$v/src/cmark" "$O/$v"
  # The remarks of every compile, again with -Rpass options (the objects are not kept).
  ninja -C "$O/b-$v" -t commands cmark | grep -- ' -c ' \
    | sed 's| -o [^ ]*\.o | -o /dev/null |; s| -MD -MT [^ ]* -MF [^ ]*||' \
    | while read -r c; do eval "$c -Rpass=hotalign -Rpass-missed=hotalign" 2>&1 | grep 'remark:' || true; done \
    > "$O/remarks-$v.txt"
done
cmp "$O/warm" "$PW/in" && echo "warm: the recipe's final build, byte for byte"
for b in nopl in in.bolt in.apply nowarm; do
  bin=$PW/$b; [ $b = nowarm ] && bin=$O/nowarm
  for wl in train other; do
    f=data/in.md; [ $wl = other ] && f=$O/other.md
    rm -f "$O/cg-$b-$wl".*
    (cd "$PW" && env -i PATH="$PATH" setarch -R python3 "$J" run -o "$O/cg-$b-$wl.1" -- "$bin" "$f" > "$O/out-$b-$wl.1" \
      && env -i PATH="$PATH" setarch -R python3 "$J" run -o "$O/cg-$b-$wl.2" -- "$bin" --to xml --smart "$f" > "$O/out-$b-$wl.2")
    # Every binary prints what the build without the plugin prints.
    cmp "$O/out-$b-$wl.1" "$O/out-nopl-$wl.1"
    cmp "$O/out-$b-$wl.2" "$O/out-nopl-$wl.2"
    python3 "$J" report "$bin" "$O/cg-$b-$wl".[12] --json --all > "$O/judge-$b-$wl.json"
  done
done
{
  printf '%-8s %-6s %5s %6s %11s %14s %9s\n' binary input hot tight straddling weighted-extra .text
  for b in nopl in in.bolt in.apply nowarm; do
    bin=$PW/$b; [ $b = nowarm ] && bin=$O/nowarm
    text=$(size -A "$bin" | awk '$1 == ".text" { print $2 }')
    for wl in train other; do
      python3 - "$O/judge-$b-$wl.json" "$b" "$wl" "$text" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
print("%-8s %-6s %5d %6d %11d %14.4f %9s" % (sys.argv[2], sys.argv[3], s["hot"], s["tight"], s["straddling"], s["weighted_extra"], sys.argv[4]))
PY
    done
  done
  echo "warm loops aligned: $(grep -c 'aligned warm loop' "$O/remarks-warm.txt" || true) (nowarm: $(grep -c 'aligned warm loop' "$O/remarks-nowarm.txt" || true)); warm loops left because padding would run: $(grep -c 'warm, but the block before it may fall into it' "$O/remarks-warm.txt" || true)"
  # Each loop that straddles in `in` on other.md, with what the training run said of it.
  python3 - "$O/judge-in-other.json" "$O/judge-in-train.json" <<'PY'
import json, sys
other = json.load(open(sys.argv[1]))["loops"]
train = {(l["function"], l["target"]): l for l in json.load(open(sys.argv[2]))["loops"]}
for l in other:
    if not (l.get("hot") and l.get("tight") and l["extra"] > 0):
        continue
    t = train.get((l["function"], l["target"]))
    said = ("never ran" if not t else "taken %d, %.1f per entry, %s" % (
        t["taken"], t["per_entry"] or 0, "iterating" if t.get("iterates") else "not iterating"))
    print("  straddles on other.md: %s+0x%x (taken %d, %d B on %d lines where %d would do); training: %s"
          % (l["function"], l["offset_in_function"], l["taken"], l["span"], l["lines"], l["min_lines"], said))
PY
} | tee "$O/summary.txt"

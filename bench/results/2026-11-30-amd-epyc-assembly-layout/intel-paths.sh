#!/bin/bash
# intel-paths.sh PROGRAM_DIR OLD NEW: nettle (a run.sh nettle folder: its `in`, workload.txt,
# data/) with its fat build's Intel code paths forced (NETTLE_FAT_OVERRIDE; no SHA-NI, which
# valgrind cannot run), as an Intel Xeon runs it: _nettle_memxor_sse2 is hot there, and plain
# llvm-bolt re-lays its loop. Profiles `in` over the workload (`hotlayout profile` per line,
# merge-fdata), plans one lock, applies it with two hotlayout binaries (OLD, NEW) and runs
# plain llvm-bolt (bolt.sh's flags), then counts each output's own-code taken jumps and
# instructions and its straddling tight hot loops (callgrind_loops.py over every line).
# Prints the judge's lines; leaves no file behind.
set -euo pipefail
PW=$(cd "$1" && pwd) OLD=$2 NEW=$3
ROOT=$(cd "$(dirname "$0")/../../.." && pwd) JUDGE=$ROOT/bench/common/callgrind_loops.py
export NETTLE_FAT_OVERRIDE="vendor:intel,aesni,pclmul"
T=$(mktemp -d "$PW/.intel-paths.XXXXXX"); trap 'rm -rf "$T"' EXIT
cd "$PW"
i=0 fs=()
while read -r a; do
  i=$((i + 1))
  # shellcheck disable=SC2086 # a workload line is the program's arguments
  "$NEW" profile --quiet -o "$T/p$i.fdata" -- ./in $a > /dev/null
  fs+=("$T/p$i.fdata")
done < workload.txt
"${LLVM_BIN:-/usr/lib/llvm-22/bin}"/merge-fdata "${fs[@]}" > "$T/p-in.fdata" 2> /dev/null
"$NEW" plan in --profile "$T/p-in.fdata" -o "$T/lock" > /dev/null
for tool in old new; do
  h=$OLD; [ $tool = old ] || h=$NEW
  "$h" apply in --lock "$T/lock" --profile "$T/p-in.fdata" -o "$T/$tool.apply" > "$T/$tool.txt" 2>&1 ||
    [ $? = 1 ] || { cat "$T/$tool.txt" >&2; exit 1; }
  grep -E "laid out by llvm-bolt|locked functions:|^hot loops:" "$T/$tool.txt" | sed "s/^/$tool apply: /"
done
cp in "$T/in"
W=$(dirname "$PW") HERE=$ROOT/bench/aligned-lock LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}
BOLT=$LLVM/llvm-bolt boltmore= p=nettle
source "$HERE/bolt.sh"
(cd "$T" && plain_bolt in in.bolt bolt.log)
for b in in.bolt old.apply new.apply; do
  j=0 cgs=()
  while read -r a; do
    j=$((j + 1))
    # shellcheck disable=SC2086
    python3 "$JUDGE" run -o "$T/cg-$b.$j" -- "$T/$b" $a > "$T/out-$b.$j"
    cmp -s "$T/out-$b.$j" <(./in $a) || { echo "intel-paths: $b printed other bytes for: $a" >&2; exit 1; }
    cgs+=("$T/cg-$b.$j")
  done < workload.txt
  python3 "$JUDGE" report "$T/$b" "${cgs[@]}" | grep -E "^own code|^hot loops" | sed "s/^/$b: /"
done

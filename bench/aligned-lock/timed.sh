#!/bin/bash
# timed.sh: apply's output against plain llvm-bolt's in run time, step 1 of 2 (here, after run.sh):
# pack K placements of each program's in.bolt and in.apply, with its workload, into a folder that
# timed.py times on any x86-64 Linux machine (a quiet one lent for it: nothing of the project
# needs to be installed there but Python 3, setarch and taskset).
#
#   WORK=... bench/aligned-lock/timed.sh OUT PROGRAM...
#
# Why not `hotlayout ab`: its layouts are llvm-bolt rewrites of an input linked with
# --emit-relocs, and both binaries here are llvm-bolt outputs, which llvm-bolt refuses to rewrite
# ("input file was processed by BOLT"). The placements stand in for ab's layouts: placement k of
# both outputs is the output as built (k = 0) or made again with its whole hot text
# TIMED_PERIOD * k / TIMED_SHIFTS bytes later (64-byte steps, bolt.sh's shifted_output: the code
# and its alignment unchanged, its cache sets and its distance from libc's code moved), and
# timed.py pairs the two outputs' placement k as ab pairs the two layouts of a seed.
#
# Knobs: TIMED_SHIFTS (8 placements), TIMED_PERIOD (4096: the set period of a 32 KiB 8-way L1
# instruction cache, most x86 cores'), WORK (run.sh's work folder, bench/work/aligned-lock),
# HOTLAYOUT (apply for the shifted placements; the one that made in.apply), LLVM_BIN.
# Each placement must print what the program's reference build printed (run.sh's output.sha).
# Output: OUT/PROGRAM/{bolt.K, apply.K (stripped: the code and its addresses as run), data/,
# workload.txt, run.sh (the workload once with one of them, as run.sh runs it natively),
# placements.txt, output.sha}.
set -Eeuo pipefail
shopt -s inherit_errexit
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUT PROGRAM..." >&2; exit 2; }
OUT=$(mkdir -p "$1" && cd "$1" && pwd); shift
source "$HERE/programs.sh"
[ -z "${PROGRAMS_SH:-}" ] || source "$PROGRAMS_SH"
LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}
BOLT=$LLVM/llvm-bolt
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
W=${WORK:-$ROOT/bench/work/aligned-lock}
PY=$(python3 -c 'import sys; print(sys.executable)')
JUDGE=$ROOT/bench/common/callgrind_loops.py
N=${TIMED_SHIFTS:-8} PERIOD=${TIMED_PERIOD:-4096}
# An interval over placements needs two of them at least.
[ "$N" -ge 2 ] || { echo "timed: TIMED_SHIFTS is $N: the interval needs 2 placements at least" >&2; exit 2; }
source "$HERE/bolt.sh"
source "$HERE/workload.sh"

# pack_program (in a subshell, in $PW): P's placements into OUT/P. Its copies go whatever
# happens, and OUT/P with them unless it is whole: timed.py must never time half a program.
pack_program() {
  local k pad b v d=$OUT/$p ref h
  trap 'rc=$?; rm -f timed-in.bolt timed-in.apply timed-in.bolt.log timed-in.apply.log
        rm -rf cg-timed-in.bolt cg-timed-in.apply; [ $rc = 0 ] || rm -rf "'"$d"'"' EXIT
  ref=$(cat "$PW/output.sha")
  rm -rf "$d"; mkdir -p "$d"
  cp -r "$PW/data" "$PW/workload.txt" "$d/"
  write_runner > "$d/run.sh"; chmod +x "$d/run.sh"
  for ((k = 0; k < N; k++)); do
    pad=$((PERIOD * k / N / 64 * 64))
    for b in in.bolt in.apply; do
      # A copy even as built: outputs_of writes into cg-NAME, which is the judge's for in.bolt.
      v=timed-$b
      if [ $k -gt 0 ]; then shifted_output "$b" "$pad" "$v" "timed-$b.log"; else cp "$b" "$v"; fi
      h=$(outputs_of native "$v")
      [ "$h" = "$ref" ] || { echo "timed: $p $b at +$pad printed other bytes ($h vs $ref)" >&2; return 1; }
      "$LLVM/llvm-strip" --strip-all -o "$d/${b#in.}.$k" "$v"
      printf '%s\t%s\t%s\n' "${b#in.}" "$k" "$pad" >> "$d/placements.txt"
    done
  done
  cp "$PW/output.sha" "$d/output.sha"
}

# write_runner: P's run.sh BINARY, the workload once as workload.sh's native runs (no address
# randomization, an empty environment but PATH, no stdin, in the program's folder; a library
# preloaded into its host; the output through the program's filter), on a machine that has
# nothing of this repository.
write_runner() {
  local pre= bin='./"$1"' filter=
  if declare -F "${p}_host" >/dev/null; then pre=' LD_PRELOAD="$PWD/$1"' bin=./$("${p}_host"); fi
  declare -F "${p}_output" >/dev/null && filter=" | ${p}_output"
  printf '%s\n' '#!/bin/bash' "# run.sh BINARY: $p's workload once with BINARY (timed.sh wrote this)" \
    'set -o pipefail -f' 'cd "$(dirname "$0")"'
  [ -z "$filter" ] || declare -f "${p}_output"
  printf '%s\n' 'while read -r a; do' \
    "  env -i PATH=\"\$PATH\"$pre setarch -R $bin \$a < /dev/null$filter || exit 1" \
    'done < workload.txt'
}

for p in "$@"; do
  declare -F "${p}_build" >/dev/null || { echo "timed: no program '$p'" >&2; exit 2; }
  PW=$W/$p PROG=$p
  boltmore=
  ! declare -F "${p}_boltflags" >/dev/null || boltmore=$("${p}_boltflags")
  [ -f "$PW/in.bolt" ] && [ -f "$PW/in.apply" ] && [ -f "$PW/output.sha" ] ||
    { echo "timed: $PW has no in.bolt, in.apply and output.sha: run run.sh $p first" >&2; exit 1; }
  echo "== timed: $p, $N placements each"
  (cd "$PW" && pack_program)
done

#!/bin/bash
# levers.sh [PROGRAM...]: can llvm-bolt's own block-alignment options do what apply's
# whole-function shifts cannot (functions with several hot loops that no single start
# fits need padding inside the function)? Run after run.sh, on its WORK folder: per program,
# `hotlayout apply in --lock in.plan.lock --profile p-in.fdata` (apply solves the shifts afresh)
# once per row below, with the row's options added to every llvm-bolt run apply makes (through
# an llvm-bolt wrapper given as --bolt-dir), and each output judged by the same callgrind count
# as run.sh's table (bench/common/callgrind_loops.py). Every output must print nopl's bytes.
#
# The rows are llvm-bolt 22's levers that pad inside a function (bolt/lib/Passes/Aligner.cpp,
# BinaryFunction.cpp):
#   -align-blocks: aligns every block of a profiled function that runs more than
#     -align-blocks-threshold percent (800) of the function's entries and is reached at least
#     twice as often by jumps as by falling through, by at most min(alignment - 1, its size)
#     bytes; global, count-driven, with no way to name a function or a block;
#   -preserve-blocks-alignment: a block after nops in the input keeps the alignment its input
#     offset implies, capped at 32 bytes (BinaryFunction::addBasicBlock), so it cannot keep a
#     64-byte line start.
#
# env: as run.sh (WORK, RESULTS_DIR, HOTLAYOUT, LLVM_BIN); LEVERS: a file of rows
# `NAME<TAB>llvm-bolt options` replacing the default rows.
# Output: RESULTS_DIR/aligned-levers.{txt,csv}; in WORK/PROGRAM: lever-N (row N's output),
# apply-lever-N.txt (its apply report), bolt-lever-N.txt (the llvm-bolt commands it ran).
set -Eeuo pipefail
shopt -s inherit_errexit
trap 'echo "levers: failed (exit $?) at levers.sh line $LINENO: $BASH_COMMAND" >&2' ERR
HERE=$(cd "$(dirname "$0")" && pwd); ROOT=$(cd "$HERE/../.." && pwd)
LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}
H=${HOTLAYOUT:-$ROOT/build/bin/hotlayout}
W=${WORK:-$ROOT/bench/work/aligned-lock}
R=${RESULTS_DIR:-$ROOT/bench/results/$(python3 "$ROOT/bench/common/machine.py" --tag)-aligned}
JUDGE=$ROOT/bench/common/callgrind_loops.py
PY=$(python3 -c 'import sys; print(sys.executable)')
source "$HERE/workload.sh"  # run_workload, repeatable_run, outputs_of

PROGS=("$@")
[ ${#PROGS[@]} -gt 0 ] || PROGS=(lua bzip2 zlib)
for p in "${PROGS[@]}"; do
  for f in in p-in.fdata in.plan.lock workload.txt cg-nopl; do
    [ -e "$W/$p/$f" ] || { echo "levers: $W/$p/$f is missing: run bench/aligned-lock/run.sh $p first (same WORK)" >&2; exit 1; }
  done
done
[ -x "$LLVM/llvm-bolt" ] || { echo "levers: $LLVM/llvm-bolt is missing (install bolt-22)" >&2; exit 1; }

if [ -n "${LEVERS:-}" ]; then
  ROWS=$(cat "$LEVERS")
else
  ROWS=$(printf '%s\t%s\n' \
    "apply" "" \
    "apply + align-blocks 64" "-align-blocks -block-alignment=64 -align-blocks-min-size=1" \
    "apply + align-blocks 64, threshold 1%" "-align-blocks -block-alignment=64 -align-blocks-min-size=1 -align-blocks-threshold=1" \
    "apply + preserve-blocks-alignment" "-preserve-blocks-alignment")
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/levers.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# The wrapper: apply's llvm-bolt runs, plus $TMP/options (one row's), each command line
# appended to the file $TMP/log names. Version and option queries pass through unchanged.
mkdir "$TMP/bolt"
cat > "$TMP/bolt/llvm-bolt" <<EOF
#!/bin/sh
case " \$* " in *" --version "*|*" -version "*|*" --help-hidden "*) exec "$LLVM/llvm-bolt" "\$@" ;; esac
echo "llvm-bolt \$* \$(cat "$TMP/options")" >> "\$(cat "$TMP/log")"
exec "$LLVM/llvm-bolt" "\$@" \$(cat "$TMP/options")
EOF
chmod +x "$TMP/bolt/llvm-bolt"
for t in perf2bolt merge-fdata; do [ ! -e "$LLVM/$t" ] || ln -s "$LLVM/$t" "$TMP/bolt/$t"; done

mkdir -p "$R"
CSV=$R/aligned-levers.csv TXT=$R/aligned-levers.txt
echo "program,row,options,hot,straddling,weighted_extra,apply_exit" > "$CSV"
for p in "${PROGS[@]}"; do
  PW=$W/$p
  ref=$(cat "$PW"/cg-nopl/out.* | sha256sum | cut -c1-16)
  n=0
  while IFS=$'\t' read -r name opts; do
    n=$((n + 1)); b=lever-$n
    printf '%s\n' "$opts" > "$TMP/options"
    echo "$PW/bolt-$b.txt" > "$TMP/log"; : > "$PW/bolt-$b.txt"
    rc=0; (cd "$PW" && "$H" apply in --lock in.plan.lock --profile p-in.fdata -o "$b" \
            --bolt-dir "$TMP/bolt" > "apply-$b.txt" 2>&1) || rc=$?
    [ $rc -le 1 ] || { tail -5 "$PW/apply-$b.txt"; echo "levers: apply failed on $p with '$opts'" >&2; exit 1; }
    h=$(outputs_of callgrind "$b")
    [ "$h" = "$ref" ] || { echo "levers: $p $b ('$opts') printed other bytes than nopl" >&2; exit 1; }
    "$PY" "$JUDGE" report "$PW/$b" "$PW/cg-$b"/cg.* --json > "$PW/judge-$b.json"
    "$PY" - "$PW/judge-$b.json" "$p" "$name" "$opts" "$rc" >> "$CSV" <<'EOF'
import csv, json, sys
s = json.load(open(sys.argv[1]))["summary"]
csv.writer(sys.stdout).writerow(sys.argv[2:5] + [s["hot"], s["straddling"],
                                 "%.4f" % s["weighted_extra"], sys.argv[5]])
EOF
  done <<< "$ROWS"
done
"$PY" - "$CSV" > "$TXT" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("## llvm-bolt's block-alignment levers under apply, counted by callgrind\n")
print("Per row: apply (shifts solved afresh) with the options added to every llvm-bolt run; "
      "hot loops, straddling, count-weighted extra lines per iteration (callgrind_loops.py).\n")
print("| program | row | llvm-bolt options added | hot loops | straddling | count-weighted extra lines |")
print("|---|---|---|---:|---:|---:|")
for r in rows:
    print("| %s | %s | `%s` | %s | %s | %s |" % (r["program"], r["row"], r["options"] or "none",
                                               r["hot"], r["straddling"],
                                               "%.3f" % float(r["weighted_extra"])))
EOF
cat "$TXT"

# ab.sh - sourced by the benches (bash): the one way a bench compares two builds across layouts.
#
#   bench_ab OUTDIR NAME A B [hotlayout ab options...] [-- ARGS...]
#
# Runs `$H ab --json-out OUTDIR/ab-NAME.json A B OPTIONS [-- ARGS]` ($H: the hotlayout binary)
# and writes OUTDIR/ab-NAME.txt, the table as ab printed it, only when ab gave a result (exit 0:
# same; 1: slower or faster; 3: not resolved, which is a result too: the runs could not tell
# within ab's noise threshold). bench/common/ab_table.py turns the JSON files into the benches'
# tables. On anything else (exit 2: ab's error, on stderr; 128+N: a signal) nothing of NAME is
# left in OUTDIR (an earlier run's files are removed first) and bench_ab returns 1.
bench_ab() {
  local out=$1 name=$2 rc=0
  shift 2
  rm -f "$out/ab-$name.txt" "$out/ab-$name.json"
  "$H" ab --json-out "$out/ab-$name.json" "$@" > "$out/ab-$name.txt.part" || rc=$?
  if [ $rc -gt 1 ] && [ $rc -ne 3 ]; then
    rm -f "$out/ab-$name.txt.part" "$out/ab-$name.json"
    echo "bench_ab: hotlayout ab $name failed (exit $rc): see its error above; no table written" >&2
    return 1
  fi
  mv "$out/ab-$name.txt.part" "$out/ab-$name.txt"
}

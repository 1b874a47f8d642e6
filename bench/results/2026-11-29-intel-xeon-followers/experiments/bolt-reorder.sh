#!/bin/bash
# Experiment: apply's -function-order with the followers (after the locked functions) in
# plain llvm-bolt's output order (its cdsort), then bolt-pad.sh.
args=()
for a in "$@"; do
  case $a in
    -function-order=*)
      f=${a#-function-order=}
      python3 /tmp/s12/reorder.py "$f" "$EXP_LOCK" "$EXP_REF" > "$f.ro" && a="-function-order=$f.ro" ;;
  esac
  args+=("$a")
done
exec /work/main/bench/aligned-lock/bolt-pad.sh "${args[@]}"

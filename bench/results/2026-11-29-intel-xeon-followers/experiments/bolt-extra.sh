#!/bin/bash
# Experiment: apply's llvm-bolt with $EXP_EXTRA added, then bolt-pad.sh (the whole-text shift).
exec /work/main/bench/aligned-lock/bolt-pad.sh "$@" $EXP_EXTRA

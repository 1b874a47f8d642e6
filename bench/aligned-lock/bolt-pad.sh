#!/bin/bash
# bolt-pad.sh ARGS...: llvm-bolt ($BENCH_BOLT) with ARGS and BENCH_PAD_BEFORE=PATTERN:BYTES more
# padding before the function PATTERN names (-pad-funcs-before). run.sh's cache_shifted runs
# hotlayout apply with its --bolt-dir on a folder where this script is llvm-bolt: apply's own
# -pad-funcs-before for that function (the first locked one's shift) gets the bytes added, as
# llvm-bolt would take only one of two entries for it.
args=() added=
for a in "$@"; do
  if [ -n "${BENCH_PAD_BEFORE:-}" ] && [ "${a%:*}" = "-pad-funcs-before=${BENCH_PAD_BEFORE%:*}" ]; then
    a="${a%:*}:$((${a##*:} + ${BENCH_PAD_BEFORE##*:}))" added=1
  fi
  args+=("$a")
done
[ -z "${BENCH_PAD_BEFORE:-}" ] || [ -n "$added" ] || args+=("-pad-funcs-before=$BENCH_PAD_BEFORE")
exec "$BENCH_BOLT" "${args[@]}"

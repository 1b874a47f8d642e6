# workload.sh - sourced by run.sh and levers.sh (bash): running a program's workload the
# same way every time. Needs PW (the program's work folder), PY (a Python interpreter by path),
# JUDGE (callgrind_loops.py) and H (hotlayout).

# run_workload MODE BIN DIR [VAR=VALUE...]: the workload once, in $PW, of the binary $PW/BIN;
# MODE native (outputs DIR/out.N), callgrind (DIR/cg.N and DIR/out.N), cachegrind=SIZE,ASSOC,LINE
# (DIR/cachegrind.N and DIR/out.N: the I1 cache simulated with that geometry,
# bench/common/cachegrind_i1.py; for a library, `run --per-object`: DIR/lib/BIN's own misses), profile (DIR/prof.fdata, one merged profile of all runs). Every run is repeatable: Lua's string cache is indexed by
# the addresses of C strings, so with address-space randomization the counts (and a PGO
# profile, and the binaries built from it) change from run to run. Runs get no randomization
# (setarch -R), an empty environment but PATH and the VARs, and paths relative to $PW, so
# the stack starts at the same address whatever WORK is.
#
# A shared library (the program defines NAME_host, NAME = $PROG): BIN is the library and the
# workload's runs are of the host NAME_host prints (a path relative to $PW), with BIN
# preloaded (LD_PRELOAD, absolute: callgrind's Python and valgrind's launcher load it too,
# which changes nothing they print); profile instruments BIN (`profile --library --preload`).
# NAME_output, when defined, filters each run's stdout (drops what varies from run to run,
# such as timings) before it is compared.
run_workload() {
  local mode=$1 bin=./$2 d=$3 n=0 args app="" filter=cat lib=() pre=()
  shift 3
  if declare -F "${PROG:-}_host" >/dev/null; then
    lib=(--library "$bin" --preload); pre=(LD_PRELOAD="$PW/${bin#./}")
    bin=$("${PROG:-}_host")
  fi
  ! declare -F "${PROG:-}_output" >/dev/null || filter=${PROG}_output
  mkdir -p "$PW/$d"; rm -f "$PW/$d"/out.* "$PW/$d"/cg.* "$PW/$d"/cachegrind.*
  # A workload line splits into arguments at blanks and nothing more: PCRE2's patterns hold
  # `[`, `*` and `?`, which would otherwise be file names to match in the current folder.
  local -; set -f
  # Python coerces an empty environment's C locale to C.UTF-8 (PEP 538) and hands
  # LC_CTYPE=C.UTF-8 to what it runs: under the judges the program ran another locale than in
  # its training and profile runs (gawk's multibyte paths: str2wstr, transit_state_mb ran only
  # under callgrind). PYTHONCOERCECLOCALE=0 keeps the program's environment the same in every
  # mode.
  local nocoerce=(PYTHONCOERCECLOCALE=0)
  while read -r args; do
    n=$((n + 1))
    case $mode in
      native) repeatable_run "$@" "${pre[@]}" "$bin" $args | "$filter" > "$PW/$d/out.$n" ;;
      callgrind) cg_library "$d"
                 repeatable_run "$@" "${pre[@]}" "${nocoerce[@]}" "$PY" "$JUDGE" run -o "$d/cg.$n" -- "$bin" $args \
                   | "$filter" > "$PW/$d/out.$n" ;;
      # A library's I1 misses are its own code's: callgrind's simulation of the same cache
      # keeps each object's costs apart (the host's code and libc's are not the library's).
      cachegrind=*) cg_library "$d"
                 repeatable_run "$@" "${pre[@]}" "${nocoerce[@]}" "$PY" "$(dirname "$JUDGE")/cachegrind_i1.py" run \
                   --i1 "${mode#cachegrind=}" ${lib[@]+--per-object} -o "$d/cachegrind.$n" -- "$bin" $args \
                   | "$filter" > "$PW/$d/out.$n" ;;
      # profile preloads its instrumented copy of the library, not the library.
      profile) repeatable_run "$@" "$H" profile --quiet "${lib[@]}" $app -o "$d/prof.fdata" -- "$bin" $args > /dev/null
               app=--append ;;
    esac
  done < "$PW/workload.txt"
}
# cg_library DIR: under callgrind, preload a copy of the library without its debug sections,
# under the same file name (callgrind names objects by it; the code and the symbol table are
# the same): valgrind 3.19 gives up on the DWARF clang 22 writes for jemalloc's -g3 ("Possibly
# corrupted debuginfo file"), and the judge needs none of it.
cg_library() {
  [ ${#pre[@]} = 1 ] || return 0
  local lib=${pre[0]#LD_PRELOAD=}
  mkdir -p "$PW/$1/lib"
  "${LLVM_BIN:-/usr/lib/llvm-22/bin}/llvm-objcopy" --strip-debug "$lib" "$PW/$1/lib/$(basename "$lib")"
  pre=(LD_PRELOAD="$PW/$1/lib/$(basename "$lib")")
}
repeatable_run() {  # [VAR=VALUE...] COMMAND...: in $PW, no randomization, an empty environment
  local vars=()
  while [[ ${1:-} =~ ^[A-Z_][A-Z0-9_]*= ]]; do vars+=("$1"); shift; done
  (cd "$PW" && env -i PATH="$PATH" "${vars[@]}" setarch -R "$@" < /dev/null)
}
outputs_of() {  # MODE BINARY: run the workload (in $PW/cg-BINARY), print a hash of what it printed
  run_workload "$1" "$2" "cg-$2"
  cat "$PW/cg-$2"/out.* | sha256sum | cut -c1-16
}

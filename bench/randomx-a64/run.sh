#!/usr/bin/env bash
# RandomX's AArch64 JIT under flushelim: a correctness check, not a timing.
#
# Cross-builds Debian's RandomX (source package librandomx, via
# bench/common/fetch-source.sh) for aarch64-linux-gnu with clang -O2 -flto,
# linked by ld.lld so that the hotlayout plugin's flushelim runs once over the
# whole program at link time:
#   base     no plugin                                   (flushes before)
#   plugin   -Wl,--load-pass-plugin, default mode: remove redundant flushes
#                                                        (flushes after, remarks)
#   check    plugin with HOTLAYOUT_OPTIONS=-flushelim-mode=check, linked with
#            runtime/hotlayout_rt.c built for aarch64: every flush it would
#            remove becomes a run-time check that aborts if the flush was needed
#   profile  HOTLAYOUT_OPTIONS=-flushelim-mode=profile: per flush site, calls,
#            bytes asked for and bytes that really changed
# for randomx-benchmark and randomx-tests (same LTO objects for every build: the
# plugin only acts at link time). Counts flush call sites in each binary's
# disassembly (flushes.py calls), lists flushelim's remarks (flushes.py remarks),
# then runs under qemu-aarch64 user mode light-mode JIT hashing
# (randomx-benchmark --verify --jit --nonces N) in the check, plugin, base and
# profile builds, and the check build again with --secure (W^X: mprotect
# between the JIT's writes and its execution); every hash must equal a native
# x86-64 stock build's (plain clang -O2, built here) with the same nonces.
# randomx-tests (check build) runs under qemu too and must pass. The full run
# adds x86 --verify --jit --nonces 1000 against RandomX's printed reference
# result. qemu timings mean nothing and none is reported.
#
#   bench/randomx-a64/run.sh [--quick]
#
#   --quick  NONCES=2 and no x86 1000-nonce reference run. On the 2-vCPU EPYC VM
#            under load ~6: quick 2.3 min with objects built, full 4 min; compiling
#            from nothing adds ~40 s)
#
# Environment:
#   LLVM_BIN     LLVM 22 tools (default /usr/lib/llvm-22/bin: clang, ld.lld, llvm-objdump)
#   PLUGIN       hotlayout pass plugin (default <repo>/build/lib/libHotLayout.so)
#   RANDOMX_SRC  RandomX source tree (default: bench/common/fetch-source.sh librandomx);
#                only read: objects go to WORK
#   WORK         work folder (default <repo>/bench/work/randomx-a64)
#   NONCES       nonces per qemu run and for the x86 reference (default 10; --quick 2)
#   JOBS         parallel compiles/links (default 2)
#   RUN_TIMEOUT  seconds before a run is killed (default 900)
#   MACHINE_TAG  results folder (default: bench/common/machine.py --tag)
#   RESULTS_DIR  results folder path (overrides MACHINE_TAG; bench/run.sh sets it)
# HOTLAYOUT_OPTIONS from the caller is ignored (unset): each build sets its own.
# Installs with apt-get (root) if missing: libc6-dev-arm64-cross,
# libstdc++-12-dev-arm64-cross, libgcc-12-dev-arm64-cross, qemu-user.
#
# Writes bench/results/$MACHINE_TAG/:
#   randomx-a64-summary.txt         machine, toolchain, packages, qemu, static flush
#                                   counts per build, remarks, hashes, check-mode report
#   randomx-a64-remarks-<prog>.yaml flushelim's remarks from the plugin build's link
#   randomx-a64-profile.tsv         profile-mode table per flush site (randomx-benchmark)
# Exit status 1 when a hash differs, a run fails, or a check aborts.
set -euo pipefail
unset HOTLAYOUT_OPTIONS

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
quick=
for arg in "$@"; do
  case $arg in
    --quick) quick=1 ;;
    *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
  esac
done

LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
export LLVM_BIN
CC="$LLVM_BIN/clang"
CXX="$LLVM_BIN/clang --driver-mode=g++"
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
WORK=${WORK:-$repo/bench/work/randomx-a64}
JOBS=${JOBS:-2}
RUN_TIMEOUT=${RUN_TIMEOUT:-900}
NONCES=${NONCES:-$([ -n "$quick" ] && echo 2 || echo 10)}
TAG=${MACHINE_TAG:-$(python3 "$repo/bench/common/machine.py" --tag)}
OUT=${RESULTS_DIR:-$repo/bench/results/$TAG}
SYSROOT=/usr/aarch64-linux-gnu
QEMU=(qemu-aarch64 -L "$SYSROOT")
start_s=$SECONDS

log() { printf '== [%ss] %s\n' "$((SECONDS - start_s))" "$*" >&2; }
die() { echo "error: $*" >&2; exit 1; }

# --- 1. packages -------------------------------------------------------------
PKGS=(libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross libgcc-12-dev-arm64-cross qemu-user)
source "$repo/bench/common/deps.sh"; bench_deps "${PKGS[@]}" || die "cannot install ${PKGS[*]}"
[ -x "$CC" ] || die "no clang at $CC (set LLVM_BIN)"
command -v qemu-aarch64 >/dev/null || die "qemu-aarch64 not found (Debian package qemu-user)"
[ -f "$PLUGIN" ] || die "$PLUGIN not found (build it, or set PLUGIN=)"
gcc_install=$("$CC" --target=aarch64-linux-gnu -v -x c /dev/null -fsyntax-only 2>&1 |
              sed -n 's/^Selected GCC installation: //p')
[ -n "$gcc_install" ] || die "clang --target=aarch64-linux-gnu finds no GCC installation (libgcc-12-dev-arm64-cross)"

# --- 2. source ---------------------------------------------------------------
SRC=${RANDOMX_SRC:-$("$repo/bench/common/fetch-source.sh" librandomx)}
[ -f "$SRC/src/jit_compiler_a64.cpp" ] || die "$SRC is not a RandomX tree with an AArch64 JIT"
mkdir -p "$WORK" "$OUT"
LOGS="$WORK/logs"; mkdir -p "$LOGS"

# Background jobs, at most JOBS at a time; a failing one stops the script.
wait_one() { wait -n || die "a build step failed; see $LOGS"; }
spawn() { while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait_one; done; "$@" & }
wait_all() { while [ -n "$(jobs -rp)" ]; do wait_one; done; wait || die "a build step failed; see $LOGS"; }

# runcmd LOG CMD...: runs CMD with its output in LOG; on failure shows the log's end.
runcmd() {
  local logf=$1; shift
  if ! "$@" >"$logf" 2>&1; then
    echo "error: failed: $*" >&2; tail -n 30 "$logf" >&2; return 1
  fi
}

# --- 3. compile --------------------------------------------------------------
LIB_SOURCES=(aes_hash.cpp argon2_ref.c argon2_ssse3.c argon2_avx2.c bytecode_machine.cpp
  cpu.cpp dataset.cpp soft_aes.cpp virtual_memory.cpp vm_interpreted.cpp allocator.cpp
  assembly_generator_x86.cpp instruction.cpp randomx.cpp superscalar.cpp vm_compiled.cpp
  vm_interpreted_light.cpp argon2_core.c blake2_generator.cpp instructions_portable.cpp
  reciprocal.c virtual_machine.cpp vm_compiled_light.cpp blake2/blake2b.c)
A64_SOURCES=("${LIB_SOURCES[@]}" jit_compiler_a64_static.S jit_compiler_a64.cpp)
X86_SOURCES=("${LIB_SOURCES[@]}" jit_compiler_x86_static.S jit_compiler_x86.cpp)
PROG_SOURCES=(tests/benchmark.cpp tests/affinity.cpp tests/tests.cpp)

# As upstream's CMakeLists: C++11, ARMv8 with crypto (hardware AES), HAVE_HWCAP;
# x86: -maes, SSSE3/AVX2 Argon2 files. Line tables only so remarks name file:line.
A64_FLAGS=(--target=aarch64-linux-gnu -O2 -flto -gline-tables-only -march=armv8-a+crypto -DHAVE_HWCAP -pthread)
X86_FLAGS=(-O2 -maes -pthread)

# compile ARCH SOURCE: objects under $WORK/obj-ARCH, compiled from $SRC with the
# relative name src/... (so debug locations and remarks read src/FILE:LINE).
compile() {
  local arch=$1 s=$2 o="$WORK/obj-$1/${2//\//_}.o" flags extra=()
  if [ "$arch" = a64 ]; then flags=("${A64_FLAGS[@]}"); else flags=("${X86_FLAGS[@]}"); fi
  case $s in
    *.cpp) extra=(--driver-mode=g++ -std=c++11) ;;
    argon2_ssse3.c) [ "$arch" = x86 ] && extra=(-mssse3) ;;
    argon2_avx2.c) [ "$arch" = x86 ] && extra=(-mavx2) ;;
  esac
  # Rebuild only when the source or the flags changed.
  local stamp="$o.cmd" cmd="${flags[*]} ${extra[*]} src/$s"
  if [ -f "$o" ] && [ "$o" -nt "$SRC/src/$s" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$cmd" ]; then
    return 0
  fi
  (cd "$SRC" && runcmd "$LOGS/cc-$arch-${s//\//_}.log" "$CC" "${flags[@]}" "${extra[@]}" -c "src/$s" -o "$o") &&
    echo "$cmd" > "$stamp"
}
mkdir -p "$WORK/obj-a64" "$WORK/obj-x86"
log "compiling RandomX $(basename "$SRC") for aarch64 (LTO) and x86-64 ($JOBS jobs)"
for s in "${A64_SOURCES[@]}" "${PROG_SOURCES[@]}"; do spawn compile a64 "$s"; done
for s in "${X86_SOURCES[@]}" tests/benchmark.cpp tests/affinity.cpp; do spawn compile x86 "$s"; done
# flushelim's check/profile runtime, for aarch64; a plain object, not LTO, so
# the pass never instruments its own runtime.
spawn runcmd "$LOGS/cc-a64-hotlayout_rt.log" "$CC" --target=aarch64-linux-gnu -O2 -pthread \
  -c "$repo/runtime/hotlayout_rt.c" -o "$WORK/obj-a64/hotlayout_rt.o"
wait_all

objs() {  # objs ARCH PROG: the objects of PROG
  local arch=$1 prog=$2 s list=()
  local -n srcs=$([ "$arch" = a64 ] && echo A64_SOURCES || echo X86_SOURCES)
  for s in "${srcs[@]}"; do list+=("$WORK/obj-$arch/${s//\//_}.o"); done
  case $prog in
    randomx-benchmark) list+=("$WORK/obj-$arch/tests_benchmark.cpp.o" "$WORK/obj-$arch/tests_affinity.cpp.o") ;;
    randomx-tests) list+=("$WORK/obj-$arch/tests_tests.cpp.o") ;;
  esac
  printf '%s\n' "${list[@]}"
}

# --- 4. link -----------------------------------------------------------------
PROGS=(randomx-benchmark randomx-tests)
BUILDS=(base plugin check profile)

# link BUILD PROG
link() {
  local build=$1 prog=$2 dir="$WORK/bin/$1" env=() plug=() extra=()
  mkdir -p "$dir"
  mapfile -t o < <(objs a64 "$prog")
  if [ "$build" != base ]; then
    plug=(-Wl,--load-pass-plugin="$PLUGIN"
          -Wl,--opt-remarks-filename,"$dir/$prog.remarks.yaml" -Wl,--opt-remarks-passes,flushelim)
  fi
  case $build in
    check|profile) env=(HOTLAYOUT_OPTIONS=-flushelim-mode=$build); extra=("$WORK/obj-a64/hotlayout_rt.o") ;;
  esac
  rm -f "$dir/$prog.remarks.yaml"
  runcmd "$LOGS/ld-$build-$prog.log" env "${env[@]}" $CXX "${A64_FLAGS[@]}" -fuse-ld=lld \
    "${plug[@]}" "${o[@]}" "${extra[@]}" -o "$dir/$prog"
}
log "linking ${PROGS[*]} for aarch64: builds ${BUILDS[*]} (full LTO, ld.lld)"
for b in "${BUILDS[@]}"; do for p in "${PROGS[@]}"; do spawn link "$b" "$p"; done; done
mapfile -t xo < <(objs x86 randomx-benchmark)
spawn runcmd "$LOGS/ld-x86.log" $CXX "${X86_FLAGS[@]}" -fuse-ld=lld "${xo[@]}" -o "$WORK/bin/x86-randomx-benchmark"
wait_all

# --- 5. runs -----------------------------------------------------------------
status=0
fail() { echo "FAIL: $*" >&2; failures+=("$*"); status=1; }
failures=()
hash_of() { sed -n 's/^Calculated result: *\([0-9a-f]*\).*/\1/p' "$1"; }

# run NAME CMD...: output in $WORK/runs/NAME.{out,err}; records the exit status.
mkdir -p "$WORK/runs"
declare -A rc
run() {
  local name=$1; shift
  log "run $name: $*"
  set +e
  timeout "$RUN_TIMEOUT" "$@" > "$WORK/runs/$name.out" 2> "$WORK/runs/$name.err"
  rc[$name]=$?
  set -e
  [ "${rc[$name]}" -eq 0 ] || fail "$name exited ${rc[$name]}: $(tail -n 3 "$WORK/runs/$name.err" | tr '\n' ' ')"
}
LIGHT=(--verify --jit --nonces "$NONCES")
run x86 "$WORK/bin/x86-randomx-benchmark" "${LIGHT[@]}"
run a64-check "${QEMU[@]}" "$WORK/bin/check/randomx-benchmark" "${LIGHT[@]}"
run a64-plugin "${QEMU[@]}" "$WORK/bin/plugin/randomx-benchmark" "${LIGHT[@]}"
run a64-base "${QEMU[@]}" "$WORK/bin/base/randomx-benchmark" "${LIGHT[@]}"
run a64-check-secure "${QEMU[@]}" "$WORK/bin/check/randomx-benchmark" "${LIGHT[@]}" --secure
rm -f "$WORK/runs/profile.tsv"
HOTLAYOUT_PROFILE="$WORK/runs/profile.tsv" \
  run a64-profile "${QEMU[@]}" "$WORK/bin/profile/randomx-benchmark" "${LIGHT[@]}"
HASH_RUNS=(a64-check a64-check-secure a64-plugin a64-base a64-profile)
run a64-check-tests "${QEMU[@]}" "$WORK/bin/check/randomx-tests"
[ -n "$quick" ] || run x86-reference "$WORK/bin/x86-randomx-benchmark" --verify --jit --nonces 1000
ref=$(hash_of "$WORK/runs/x86.out")
[ -n "$ref" ] || fail "x86 run printed no hash"
for r in "${HASH_RUNS[@]}"; do
  h=$(hash_of "$WORK/runs/$r.out")
  [ "$h" = "$ref" ] || fail "$r hash '${h}' != x86 '${ref}'"
done
if [ -z "$quick" ]; then
  calc=$(hash_of "$WORK/runs/x86-reference.out")
  want=$(sed -n 's/^Reference result: *\([0-9a-f]*\).*/\1/p' "$WORK/runs/x86-reference.out")
  [ -n "$want" ] && [ "$calc" = "$want" ] || fail "x86 --nonces 1000: '$calc' != reference '$want'"
fi
grep -q '^All tests PASSED' "$WORK/runs/a64-check-tests.out" ||
  fail "randomx-tests (check build, qemu) did not print 'All tests PASSED'"
grep -q 'Dataset initialization (compiler) *\.\.\. PASSED' "$WORK/runs/a64-check-tests.out" ||
  fail "randomx-tests (check build, qemu) did not run the JIT test 'Dataset initialization (compiler)'"
# A check that fails aborts (status != 0, checked above) after printing
# "hotlayout: redundant flush at ... was needed"; any hotlayout: line is a failure.
for r in "$WORK"/runs/a64-check*.err; do
  if grep -q '^hotlayout:' "$r"; then fail "$(basename "$r" .err): $(grep -m1 '^hotlayout:' "$r")"; fi
done

# --- 6. summary ---------------------------------------------------------------
for p in "${PROGS[@]}"; do
  cp "$WORK/bin/plugin/$p.remarks.yaml" "$OUT/randomx-a64-remarks-$p.yaml"
done
[ -f "$WORK/runs/profile.tsv" ] || { fail "the profile run wrote no table"; : > "$WORK/runs/profile.tsv"; }
cp "$WORK/runs/profile.tsv" "$OUT/randomx-a64-profile.tsv"
pkgver() { dpkg-query -W -f='${Package} ${Version}\n' "$@" 2>/dev/null; }
# flushes.py calls, once per binary; paths shown relative to $WORK/bin.
declare -A calls
for b in "${BUILDS[@]}"; do for p in "${PROGS[@]}"; do
  calls[$b/$p]=$(python3 "$here/flushes.py" calls "$WORK/bin/$b/$p" | sed "s|^$WORK/bin/||")
done; done
removed=0
for p in "${PROGS[@]}"; do
  removed=$((removed + $(grep -c '^Passed FlushRemoved' <(python3 "$here/flushes.py" remarks "$WORK/bin/plugin/$p.remarks.yaml")) )) || true
done
summary="$OUT/randomx-a64-summary.txt"
{
  echo "# RandomX AArch64 JIT under flushelim: static flush counts and a qemu correctness check"
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), run.sh${quick:+ --quick} (NONCES=$NONCES); no timings (qemu)"
  python3 "$repo/bench/common/machine.py"
  echo
  echo "## toolchain"
  echo "clang: $("$CC" --version | head -n1)"
  echo "ld.lld: $("$LLVM_BIN/ld.lld" --version)"
  echo "plugin: $PLUGIN (hotlayout $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$repo" diff --quiet HEAD -- passes runtime 2>/dev/null || echo ', passes/runtime modified'))"
  echo "gcc install (clang --target=aarch64-linux-gnu): $gcc_install"
  echo "cross packages:"; pkgver "${PKGS[@]:0:3}" linux-libc-dev-arm64-cross | sed 's/^/  /'
  echo "qemu: $(qemu-aarch64 --version | head -n1) ($(pkgver qemu-user))"
  echo "source: $SRC ($(basename "$SRC"), Debian librandomx $(sed -n 's/^Version: //p' "$(dirname "$SRC")"/librandomx_*.dsc 2>/dev/null | head -n1))"
  echo "aarch64 flags: clang ${A64_FLAGS[*]} (C++: -std=c++11); link: -fuse-ld=lld, full LTO"
  echo "  plugin builds: -Wl,--load-pass-plugin=$PLUGIN -Wl,--opt-remarks-filename,F -Wl,--opt-remarks-passes,flushelim"
  echo "  check: HOTLAYOUT_OPTIONS=-flushelim-mode=check + runtime/hotlayout_rt.c (aarch64, -O2, not LTO)"
  echo "x86 reference: clang ${X86_FLAGS[*]} (no LTO, no plugin), native"
  echo
  echo "## flush call sites in the final binaries (flushes.py calls: llvm-objdump -d, bl/b to __clear_cache)"
  echo "(base = no plugin: before; plugin = flushelim's default mode: after)"
  for p in "${PROGS[@]}"; do
    for b in "${BUILDS[@]}"; do echo "${calls[$b/$p]}" | head -n1; done
  done
  echo
  echo "### per function, base (before) and plugin (after)"
  for p in "${PROGS[@]}"; do
    for b in base plugin; do echo "${calls[$b/$p]}"; done
  done
  echo
  echo "### flush sites flushelim saw (flushes.py sites: the site strings check mode embeds)"
  python3 "$here/flushes.py" sites "$WORK/bin/check/randomx-benchmark" | sed "s|^$WORK/bin/||"
  echo
  echo "## flushelim remarks (plugin build, ld.lld --opt-remarks-passes flushelim)"
  for p in "${PROGS[@]}"; do
    echo "### $p"
    python3 "$here/flushes.py" remarks "$WORK/bin/plugin/$p.remarks.yaml"
  done
  echo "removed flushes: $removed"
  if [ ! -s "$WORK/bin/plugin/randomx-benchmark.remarks.yaml" ]; then
    echo "(no remark at all: flushelim found no flush whose range an earlier flush covers,"
    echo " fully or in part, in the same function after LTO inlining or through a callee"
    echo " summary; so it removed none and had no near-duplicate to keep and explain)"
  fi
  echo "(that the pass ran at link time and saw every flush: the check and profile builds"
  echo " above call its runtime once per flush site)"
  echo
  echo "## hashes (randomx-benchmark ${LIGHT[*]}; light mode, JIT)"
  printf '%-24s %s\n' "x86 native" "$ref"
  for r in "${HASH_RUNS[@]}"; do
    h=$(hash_of "$WORK/runs/$r.out")
    printf '%-24s %s  %s\n' "$r (qemu)" "${h:-<none>}" "$([ "$h" = "$ref" ] && echo equal || echo DIFFERENT)"
  done
  if [ -z "$quick" ]; then
    echo "x86 --verify --jit --nonces 1000: calculated $calc, reference $want: $([ "$calc" = "$want" ] && echo equal || echo DIFFERENT)"
  fi
  echo
  echo "## check mode (HOTLAYOUT_OPTIONS=-flushelim-mode=check)"
  for p in "${PROGS[@]}"; do echo "${calls[check/$p]}" | head -n1; done
  echo "(each __hotlayout_flush_check replaces one removed flush; each __hotlayout_flush_record"
  echo " snapshots a kept flush's bytes for the checks)"
  nchecks=$(echo "${calls[check/randomx-benchmark]}" | head -n1 | sed -n 's/.*__hotlayout_flush_check \([0-9]*\).*/\1/p')
  if [ "${nchecks:-0}" -eq 0 ]; then
    echo "checks inserted in randomx-benchmark: 0 -- flushelim elided no flush, so no elided flush"
    echo "could have been needed; these runs show only that the instrumented build (a record"
    echo "after every kept flush) computes the right hashes and the runtime reports nothing"
  else
    echo "checks inserted in randomx-benchmark: $nchecks; a needed elided flush would have aborted"
    echo "its run with 'hotlayout: redundant flush at ... was needed'"
  fi
  for r in "$WORK"/runs/a64-check*.err; do
    n=$(basename "$r" .err)
    echo "$n: exit ${rc[$n]}; hotlayout runtime messages: $(grep -c '^hotlayout:' "$r" || true)"
    grep '^hotlayout:' "$r" | sed 's/^/  /' || true
  done
  echo "randomx-tests (check build, qemu): $(grep -c '^\[.*PASSED$' "$WORK/runs/a64-check-tests.out") passed," \
       "$(grep -c '^\[.*FAILED$' "$WORK/runs/a64-check-tests.out" || true) failed," \
       "$(grep -c '^\[.*SKIPPED$' "$WORK/runs/a64-check-tests.out" || true) skipped" \
       "($(grep 'SKIPPED$' "$WORK/runs/a64-check-tests.out" | sed 's/^\[ *[0-9]*\] *//; s/ *\.\.\. SKIPPED//' | paste -sd, - | sed 's/,/, /g'));" \
       "$(grep -m1 -E '^All tests PASSED|FAILED' "$WORK/runs/a64-check-tests.out" || echo 'no verdict')"
  echo
  echo "## profile mode (HOTLAYOUT_OPTIONS=-flushelim-mode=profile; randomx-benchmark ${LIGHT[*]}, qemu): per flush site"
  echo "(bytes_changed: bytes that differ from what that byte held at its last instrumented flush)"
  column -t -s $'\t' "$WORK/runs/profile.tsv" 2>/dev/null || cat "$WORK/runs/profile.tsv"
  echo
  if [ $status -eq 0 ]; then
    echo "result: OK (all hashes equal the x86 reference; no check aborted)"
  else
    echo "result: FAILED"; printf '  %s\n' "${failures[@]}"
  fi
} > "$summary"
cat "$summary"
log "wrote $summary ($((SECONDS - start_s)) s)"
exit $status

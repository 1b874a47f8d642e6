#!/usr/bin/env bash
# examples/hot-loops/demo.sh [-o OUT_DIR] [-n ROUNDS] BUILD_DIR - the whole
# hot-loop chain on a small program (loops.c), as a user runs it:
#
#   1 build    the recipe, as `hotlayout flags` prints it: a training build
#              (--instrument: IR PGO), a training run, llvm-profdata merge,
#              the first build (--use: the profile, the PGO analysis map,
#              the plugin, -ffunction-sections, ld.lld with --emit-relocs,
#              which BOLT needs), its own loop counts (hotlayout profile,
#              hotlayout loops), the final build (--loop-profile: hotalign
#              aligns the loops the first build's counts call hot)
#   2 profile  hotlayout profile: a BOLT branch profile of one run
#   3 check    hotlayout check --profile on the input: hot loops, straddling
#   4 plan     hotlayout plan: the lock, each hot function at a fixed offset
#   5 apply    hotlayout apply: llvm-bolt puts each locked function there
#   6 check    hotlayout check --profile on apply's output
#   7 run      the output prints exactly what the input and an untouched
#              build print
#
# One line per step: what it found and how long it took; each tool's full
# report is kept in OUT_DIR (default BUILD_DIR/examples/hot-loops) next to
# the binaries, lock and profile. Intermediate files (the instrumented build,
# the raw PGO profile) live in a temporary directory removed on exit.
# A finding is not a failure: check exits 1 when a hot loop straddles and
# apply when a function missed its offset, and the demo shows it and goes
# on. It exits 1 when a step fails (a tool error, a program that fails) or
# when the output's program prints something else; 2 on a usage error.
set -euo pipefail

usage() {
  echo "usage: $0 [-o OUT_DIR] [-n ROUNDS] BUILD_DIR   (e.g. $0 build)" >&2
  exit 2
}
out="" rounds=200
while getopts "o:n:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    n) rounds=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../demo-lib.sh"
demo_build_tree "$1"
[ -f "$hotlayout" ] || demo_fail "$hotlayout not found; build first (scripts/setup.sh)"
clang="$tools/clang"
profdata="$tools/llvm-profdata"
[ -x "$profdata" ] || demo_fail "$profdata not found; install llvm-N-tools (scripts/setup.sh)"

out="${out:-$build/examples/hot-loops}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# step N NAME TEXT: one line per step, with the time since the step began.
t0=$EPOCHREALTIME
begin() { t0=$EPOCHREALTIME; }
step() {
  local now=$EPOCHREALTIME
  local ms=$(((${now//[.,]/} - ${t0//[.,]/}) / 1000))
  printf '[%s/7] %-8s %s  (%d.%02d s)\n' "$1" "$2" "$3" $((ms / 1000)) \
    $((ms % 1000 / 10))
}
# run_tool LOG CMD...: a hotlayout subcommand, its report (stdout and stderr)
# into LOG; exit 0 and 1 (a finding) go on, anything else stops the demo
# with the report.
run_tool() {
  local log=$1 rc=0
  shift
  "$@" >"$log" 2>&1 || rc=$?
  if [ $rc -gt 1 ]; then
    cat "$log" >&2
    demo_fail "'${*##*/}' failed (exit $rc); its report is above and in $out/$log"
  fi
  return 0
}
# run_prog WHAT LOG BINARY: the program with ROUNDS; its output into LOG.
run_prog() {
  local rc=0
  "$3" "$rounds" >"$2" 2>&1 || rc=$?
  [ $rc -eq 0 ] ||
    { cat "$2" >&2; demo_fail "$1 '$3 $rounds' failed (exit $rc)"; }
}
# The line of a report that sums it up: the last line matching PATTERN, else
# the report's last line (the reports' wording may change; the demo shows it
# as the tool wrote it).
summary() {
  grep -E "$2" "$1" | tail -n1 | grep . || tail -n1 "$1"
}

# straddlers REPORT: check's header row and its straddling loops, indented.
straddlers() {
  grep -q STRADDLES "$1" || return 0
  grep -E '^FUNCTION|STRADDLES' "$1" | sed 's/^/        /'
}

echo "== hot-loops demo: $("$clang" --version | head -n1); outputs in $out"
# From OUT_DIR with plain names, so the reports say loops, loops.lock, ...
cd "$out"
cflags=(-O2 -g)
# The recipe's flags for this clang (its major picks the plugin): one line,
# shell-quoted, read back into an array.
recipe() {
  local words
  words="$("$hotlayout" flags --cc "$clang" "$@")" ||
    demo_fail "'hotlayout flags $*' failed (its error is above)"
  eval "flags=($words)"
}

begin
recipe --instrument
"$clang" "${cflags[@]}" "${flags[@]}" "$here/loops.c" -o "$tmp/loops.instr"
LLVM_PROFILE_FILE="$tmp/loops.profraw" run_prog "the training run" expected.txt \
  "$tmp/loops.instr"
"$profdata" merge -o "$tmp/loops.profdata" "$tmp/loops.profraw"
recipe --use "$tmp/loops.profdata"
"$clang" "${cflags[@]}" "${flags[@]}" "$here/loops.c" -o "$tmp/loops.first"
run_tool "$tmp/first-profile.txt" "$hotlayout" profile -o "$tmp/first.fdata" -- \
  "$tmp/loops.first" "$rounds"
run_tool loops-profile.txt "$hotlayout" loops "$tmp/loops.first" \
  --profile "$tmp/first.fdata" -o loops.loops
recipe --use "$tmp/loops.profdata" --loop-profile loops.loops
"$clang" "${cflags[@]}" "${flags[@]}" -Rpass=hotalign "$here/loops.c" -o loops \
  2>build-remarks.txt
# grep -c prints 0 and exits 1 when hotalign aligned nothing.
aligned="$(grep -c 'remark: aligned hot loop' build-remarks.txt || :)"
step 1 build "hotlayout flags --instrument, --use, --loop-profile: loops ($(stat -c %s loops) bytes); hotalign aligned $aligned hot loops"

begin
run_tool profile.txt "$hotlayout" profile -o loops.fdata -- ./loops "$rounds"
step 2 profile "BOLT instrumentation, 1 run: loops.fdata"

begin
run_tool check-input.txt "$hotlayout" check --profile loops.fdata loops
step 3 check "input:  $(summary check-input.txt 'hot loop')"
straddlers check-input.txt

begin
run_tool plan.txt "$hotlayout" plan loops --profile loops.fdata -o loops.lock
step 4 plan "$(summary plan.txt '^planned')"

begin
run_tool apply.txt "$hotlayout" apply loops --lock loops.lock \
  --profile loops.fdata -o loops.bolt
step 5 apply "$(summary apply.txt '^[0-9]+ locked functions'); loops.bolt $(stat -c %s loops.bolt) bytes"
# An apply that places hot loops also sums up its own verdict on
# them in a line of its own: show it too.
grep '^hot loops:' apply.txt | sed 's/^/        /' || :

begin
run_tool check-output.txt "$hotlayout" check --profile loops.fdata --profiled-binary loops loops.bolt
step 6 check "output: $(summary check-output.txt 'hot loop')"
straddlers check-output.txt

begin
run_prog "the input" input.txt ./loops
run_prog "apply's output" output.txt ./loops.bolt
# The reference is the training build: no plugin, no BOLT.
for bin in loops loops.bolt; do
  report=input.txt
  [ "$bin" = loops ] || report=output.txt
  if ! cmp -s expected.txt "$report"; then
    diff expected.txt "$report" >&2 || :
    demo_fail "$bin prints something else than the build without the plugin (diff above: $out/expected.txt, $out/$report)"
  fi
done
step 7 run "output unchanged: loops and loops.bolt print the same $(wc -l <expected.txt) lines as the build without the plugin"
echo "reports: $out/{check-input,plan,apply,check-output}.txt"

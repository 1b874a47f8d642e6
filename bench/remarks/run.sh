#!/usr/bin/env bash
# bench/remarks/run.sh [--smoke] - hotlayout's remarks from a real libtool build.
#
# Builds Debian's pcre2 (autotools + libtool; fetched at run time with
# apt-get source by bench/common/fetch-source.sh, never committed) with
# CC=$CLANG and the plugin in CFLAGS, three ways, each in its own build
# folder from the same source:
#   rpass  CFLAGS += -Rpass=hotalign: the first libtool link stops with
#          "only absolute run-paths are allowed" (libtool reads -R as a run
#          path); the exit status and libtool's line are recorded.
#   file   CFLAGS unchanged; for `make` only,
#          HOTLAYOUT_OPTIONS='-hotlayout-remarks=flushelim|hotalign
#          -hotlayout-remarks-file=<abs>/remarks.txt': one file of remarks.
#   yaml   CFLAGS += -fsave-optimization-record
#          -foptimization-record-passes=hotalign (one pass name: a `|` in
#          CFLAGS would reach make's shell as a pipe); HOTLAYOUT_OPTIONS=
#          -hotlayout-remarks=hotalign as well, so make's own output shows
#          what stderr alone would give (libtool discards the stderr of the
#          second, non-PIC compile of each source).
# Then counts the remarks per pass and kind in remarks.txt, in the .opt.yaml
# files and in make's output (count.py), and checks that the file and the
# YAML agree on hotalign's (same compiles, same remarks): exit 1 if not.
#
# --smoke: the same three ways on a two-file library written here and built
# with the system libtool (Debian: libtool-bin), for the lit test; no fetch.
#
# Environment:
#   CLANG        compiler (default clang-22; same LLVM major as the plugin)
#   PLUGIN       pass plugin (default <repo>/build/lib/libHotLayout.so)
#   JOBS         make -j (default 2)
#   MACHINE_TAG  results folder name (default: bench/common/machine.py --tag)
#   RESULTS_DIR  results folder (default bench/results/$MACHINE_TAG)
#   WORK         work folder (default bench/work/remarks, git-ignored)
#
# Output: $RESULTS_DIR/remarks-summary.txt (machine, compiler, source, the
# three ways, the counts table, the check), remarks-file.txt (the file way's
# remarks), remarks-rpass.log (the failing make's tail).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
mode=full
for arg in "$@"; do
  case $arg in
    --smoke) mode=smoke ;;
    *) echo "usage: $0 [--smoke]" >&2; exit 2 ;;
  esac
done
CLANG=${CLANG:-clang-22}
PLUGIN=${PLUGIN:-$repo/build/lib/libHotLayout.so}
JOBS=${JOBS:-2}
WORK=${WORK:-$repo/bench/work/remarks}
RESULTS_DIR=${RESULTS_DIR:-$repo/bench/results/${MACHINE_TAG:-$(python3 "$repo/bench/common/machine.py" --tag)}}
[[ -f $PLUGIN ]] || { echo "run.sh: no plugin at $PLUGIN: build it (scripts/setup.sh) or set PLUGIN" >&2; exit 1; }
command -v "$CLANG" > /dev/null || { echo "run.sh: no compiler $CLANG: set CLANG" >&2; exit 1; }
mkdir -p "$WORK" "$RESULTS_DIR"
summary=$RESULTS_DIR/remarks-summary.txt
base_cflags="-O2 -g -fpass-plugin=$PLUGIN"

# The smoke project: two sources, a flush pair and a hot loop, built by the
# system libtool into a convenience library (ar only: no other compiler).
smoke_source() {
  local src=$WORK/smoke-src
  rm -rf "$src" && mkdir -p "$src"
  printf '%s\n' 'void twice(char *code, unsigned long n) {' \
    '  __builtin___clear_cache(code, code + n);' \
    '  __builtin___clear_cache(code, code + n);' '}' > "$src/a.c"
  printf '%s\n' 'void scale(int *a, int n) {' \
    '  for (int i = 0; i < n; ++i)' '    a[i] *= 3;' '}' > "$src/b.c"
  echo "$src"
}

# build DIR CFLAGS [ENV...]: configure (full) and make in DIR; the make
# output goes to DIR/make.log; returns make's status.
build() {
  local dir=$1 cflags=$2; shift 2
  rm -rf "$dir" && mkdir -p "$dir"
  if [[ $mode == smoke ]]; then
    (cd "$dir" && env "$@" sh -c '
      for f in a b; do
        libtool --tag=CC --mode=compile "$0" $1 -c "$2/$f.c" -o $f.lo || exit
      done
      libtool --tag=CC --mode=link "$0" $1 -o libsmoke.la a.lo b.lo' \
      "$CLANG" "$cflags" "$src") > "$dir/make.log" 2>&1
  else
    (cd "$dir" && "$src/configure" CC="$CLANG" CFLAGS="$cflags" --enable-jit \
      --disable-dependency-tracking > configure.log 2>&1) ||
      { echo "run.sh: configure failed in $dir (see configure.log)" >&2; return 3; }
    (cd "$dir" && env "$@" make -j"$JOBS") > "$dir/make.log" 2>&1
  fi
}

if [[ $mode == smoke ]]; then
  src=$(smoke_source)
  source_line="smoke: a.c (flush pair) and b.c (loop), system libtool"
else
  src=$(bash "$repo/bench/common/fetch-source.sh" pcre2 "$WORK/src")
  source_line="$(basename "$src") from Debian's archive (apt-get source), ./configure --enable-jit, make -j$JOBS"
fi

# 1. -Rpass in CFLAGS.
rpass_status=0
build "$WORK/rpass" "$base_cflags -Rpass=hotalign" || rpass_status=$?
tail -n 20 "$WORK/rpass/make.log" > "$RESULTS_DIR/remarks-rpass.log"
rpass_line=$(grep -m1 'only absolute run-paths' "$WORK/rpass/make.log" || true)

# 2. HOTLAYOUT_OPTIONS, one file.
rm -f "$WORK/remarks.txt"
build "$WORK/file" "$base_cflags" \
  "HOTLAYOUT_OPTIONS=-hotlayout-remarks=flushelim|hotalign -hotlayout-remarks-file=$WORK/remarks.txt"
cp "$WORK/remarks.txt" "$RESULTS_DIR/remarks-file.txt"

# 3. -fsave-optimization-record, and stderr.
build "$WORK/yaml" "$base_cflags -fsave-optimization-record -foptimization-record-passes=hotalign" \
  "HOTLAYOUT_OPTIONS=-hotlayout-remarks=hotalign"

objects=$(find "$WORK/file" -name '*.o' | wc -l)
table=$(python3 "$here/count.py" --passes 'flushelim|hotalign' \
  --lines "file=$WORK/remarks.txt" --yaml "yaml=$WORK/yaml" \
  --lines "stderr=$WORK/yaml/make.log")
file_hot=$(grep -c '=hotalign\]$' "$WORK/remarks.txt" || true)
yaml_hot=$(python3 "$here/count.py" --passes '^hotalign$' --yaml "y=$WORK/yaml" | tail -1 | cut -d'|' -f4 | tr -d ' ')
{
  python3 "$repo/bench/common/machine.py"
  echo "compiler: $("$CLANG" --version | head -1)"
  echo "plugin: $PLUGIN"
  echo "source: $source_line"
  echo
  echo "1. rpass (CFLAGS += -Rpass=hotalign): make exit $rpass_status; ${rpass_line:-no libtool run-path error}"
  echo "2. file  (HOTLAYOUT_OPTIONS for make, -hotlayout-remarks-file): $(wc -l < "$WORK/remarks.txt") lines, $objects objects compiled (PIC and not)"
  echo "3. yaml  (-fsave-optimization-record; HOTLAYOUT_OPTIONS to stderr): $(find "$WORK/yaml" -name '*.opt.yaml' | wc -l) .opt.yaml files"
  echo
  echo "$table"
  echo
  if [[ $rpass_status -ne 0 && -n $rpass_line && $file_hot -gt 0 && $file_hot == "$yaml_hot" ]]; then
    echo "check: ok (rpass failed at the link; file and YAML agree: $file_hot hotalign remarks)"
  else
    echo "check: FAILED (rpass status $rpass_status, file $file_hot vs YAML $yaml_hot hotalign remarks)"
  fi
} > "$summary"
cat "$summary"
grep -q '^check: ok' "$summary"

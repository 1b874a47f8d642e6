# bolt.sh - sourced by run.sh and timed.sh (bash): plain llvm-bolt as this bench runs it, and a
# BOLT output made again at another placement. Needs BOLT (llvm-bolt), LLVM (the folder of
# llvm-nm and llvm-readelf), H (hotlayout), HERE (this folder) and W (the work folder); the
# functions run in $PW and name the program $p, its own llvm-bolt flags $boltmore.

# Plain llvm-bolt as the aligned-lock target names it; -lite=0 as apply runs BOLT (lite mode leaves every
# function without samples alone).
# -enable-bat: check judges its output through BAT as it judges apply's.
BOLTFLAGS="-reorder-functions=cdsort -reorder-blocks=ext-tsp -split-functions -split-all-cold -lite=0 -enable-bat"

# shifted_output's llvm-bolt for apply: the real one with more -pad-funcs-before (bolt-pad.sh).
mkdir -p "$W/bolt-pad"
ln -sf "$HERE/bolt-pad.sh" "$W/bolt-pad/llvm-bolt"
ln -sf "$LLVM/perf2bolt" "$W/bolt-pad/perf2bolt"; ln -sf "$LLVM/merge-fdata" "$W/bolt-pad/merge-fdata"

# plain_bolt X OUT LOG [MORE...] (in $PW): plain llvm-bolt on X with X's profile, BOLTFLAGS and
# the program's own (boltmore), and MORE; its output in LOG.
plain_bolt() {
  local x=$1 out=$2 toollog=$3; shift 3
  "$BOLT" "$x" -o "$out" -data="p-$x.fdata" $BOLTFLAGS $boltmore "$@" > "$toollog" 2>&1 \
    || { tail -5 "$toollog"; echo "aligned-lock: llvm-bolt failed on $p $out" >&2; return 1; }
}

# shifted_output B PAD OUT LOG (in $PW): B, a BOLT output (X.bolt: plain llvm-bolt; X.apply: apply
# with X's lock), made again as OUT with its whole hot text PAD bytes later and nothing else
# changed: another placement of the same layout against the code that neither tool places (libc's,
# the loader's). The shift is llvm-bolt's -pad-funcs-before on the output's first hot function (for
# apply, through a wrapper that adds it to apply's llvm-bolt run; apply then says the locked offsets
# moved, exit 1). Fails unless that function moved by exactly PAD.
shifted_output() {
  local b=$1 pad=$2 v=$3 toollog=$4 x=${1%%.*} sym first moved rc lock=in.lock
  sym=$(first_hot_symbol "$b")
  [ -n "$sym" ] || { echo "aligned-lock: $p $b has no function in its .text" >&2; return 1; }
  first=$(pad_pattern "${sym#* }")
  rm -f "$v"
  case $b in
    *.bolt) plain_bolt "$x" "$v" "$toollog" -pad-funcs-before="$first:$pad" ;;
    *.apply) [ "$x" = v2 ] && lock=v2.lock
             rc=0; BENCH_BOLT="$BOLT" BENCH_PAD_BEFORE="$first:$pad" "$H" apply "$x" --lock "$lock" \
               --profile "p-$x.fdata" --max-bolt-runs 1 --bolt-dir "$W/bolt-pad" -o "$v" > "$toollog" 2>&1 || rc=$?
             [ $rc -le 1 ] && [ -f "$v" ] || { tail -5 "$toollog"; echo "aligned-lock: apply failed on $p $v" >&2; return 1; } ;;
    *) echo "aligned-lock: shifted_output: $b is no .bolt or .apply output" >&2; return 1 ;;
  esac
  # The whole hot text moved by PAD, or the run says nothing of another placement.
  moved_by "$sym" "$v" "$pad" ||
    { echo "aligned-lock: $p $v: its first hot function did not move by $pad bytes" >&2; return 1; }
}

# pad_pattern NAME: llvm-bolt's -pad-funcs(-before) pattern for the function NAME (apply's,
# BoltDriver.cpp's padFunctionPattern): NAME's regex metacharacters escaped, any /N suffix.
pad_pattern() {
  printf '%s\n' "$1" | sed 's/[][\\.*^$+?(){}|]/\\&/g; s|$|(/.*)?|'
}

# first_hot_symbol B: "ADDRESS NAME" of the first function in B's .text, where llvm-bolt puts
# the hot code (apply may start it past the section's start: its shift). Addresses compare as
# strings (llvm-nm and llvm-readelf print 16 hex digits; as numbers awk would read 400e00 as
# 400); awk reads to the end, as an early exit would kill the tool writing into the pipe.
first_hot_symbol() {
  local text
  text=$(text_section "$1")
  "$LLVM/llvm-nm" -n --defined-only "$1" | awk -v a="${text% *}" '!f && ($1 "") >= ("" a) && ($2 == "t" || $2 == "T") { f = $1 " " $3 } END { if (f) print f }'
}

# text_section B: "ADDRESS SIZE" of B's .text (16 and 6+ hex digits, as llvm-readelf prints them).
text_section() {
  "$LLVM/llvm-readelf" -SW "$1" | sed 's/^ *\[ *[0-9]*\]//' | awk '!s && $1 == ".text" { s = $3 " " $5 } END { print s }'
}

# moved_by SYM OUT PAD: whether OUT's first hot function sits PAD bytes past SYM ("ADDRESS NAME",
# first_hot_symbol of the layout OUT was made again from): its whole hot text moved by PAD.
moved_by() {
  local m
  m=$(first_hot_symbol "$2")
  [ $((0x${m%% *} - 0x${1%% *})) = "$3" ]
}

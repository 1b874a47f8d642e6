#!/bin/bash
# layout-draws.sh PROGRAM_DIR [DRAWS]: how much of an 8 KiB I1 comparison is the luck of one
# layout. run.sh compares apply's misses with plain llvm-bolt's as a mean over placements of the
# whole hot text (each layout moved against libc's code); that mean still belongs to one
# relative layout of the hot functions, and a small change of it (one gap of 64 bytes, another
# slack) moves set conflicts by more than the bar's 2 %. This makes DRAWS (6) layouts of each
# kind from one program of a run.sh run (its `in`, p-in.fdata, workload.txt and data/ in
# PROGRAM_DIR, whose parent is run.sh's WORK; an executable's workload), each at 16 placements
# (its first hot function 0, 64, ..., 960 bytes later: every line of the 1 KiB set period, as
# run.sh's 16 CACHE_SHIFTS; 8 would leave Lua's mean 1.8 % off), under cachegrind
# (8 KiB, 8-way, 64-byte lines, no address randomization, the empty environment of
# workload.sh), and prints each draw's mean over its placements, then per kind the mean over
# draws and its ratio to plain llvm-bolt's with a 95 % confidence interval:
#   bolt      plain llvm-bolt (bolt.sh's BOLTFLAGS), as built and with 64 bytes before one of
#             DRAWS-1 functions spread over its hot text (-pad-funcs-before)
#   apply     hotlayout plan --slack-percent S (S = 3, 4, ... : the lock's own knob), apply;
#             with APPLY_DRAWS=holes, one lock (plan with PLAN_FLAGS) as planned and with a
#             64-byte hole before one of DRAWS-1 locked functions spread over it (each from
#             there on 64 bytes later: bolt's perturbation), to draw a variant of the lock
#             (e.g. PLAN_FLAGS='--slack-percent 0') whose own knob is what is varied
# env: APPLY_DRAWS (slack; holes), PLAN_FLAGS (more plan options, both ways), HOTLAYOUT, LLVM_BIN.
# Needs valgrind, llvm-bolt and hotlayout (HOTLAYOUT); leaves no file behind.
set -euo pipefail
cd "$1"
for f in in p-in.fdata workload.txt; do
  [ -f "$f" ] || { echo "layout-draws: $1 has no $f: run run.sh on the program first" >&2; exit 2; }
done
p=$(basename "$PWD") DRAWS=${2:-6} APPLY_DRAWS=${APPLY_DRAWS:-slack}
case $APPLY_DRAWS in slack | holes) ;; *)
  echo "layout-draws: APPLY_DRAWS is slack or holes, not '$APPLY_DRAWS'" >&2; exit 2 ;;
esac
LLVM=${LLVM_BIN:-/usr/lib/llvm-22/bin}; BOLT=$LLVM/llvm-bolt
H=${HOTLAYOUT:-hotlayout} HERE=$(cd "$(dirname "$0")" && pwd) W=$(cd .. && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
source "$HERE/bolt.sh"      # plain_bolt, first_hot_symbol, pad_pattern, text_section, moved_by
source "$HERE/programs.sh"  # the program's own llvm-bolt flags
source "$HERE/i1-misses.sh" # i1_misses
boltmore=
! declare -F "${p}_boltflags" >/dev/null || boltmore=$("${p}_boltflags")
T=$(mktemp -d "$PWD/.layout-draws.XXXXXX"); trap 'rm -rf "$T"' EXIT

# make_layout KIND DRAW OUT [PAD]: one layout of KIND (DRAW: a function to pad before, or -,
# for bolt; a slack percentage for apply, or with holes a function to leave a hole before, or
# -), its first hot function PAD ("PATTERN:BYTES") later.
make_layout() {
  local kind=$1 draw=$2 out=$3 pad=${4:-} more=() rc=0
  case $kind in
    bolt) [ "$draw" = - ] || more=("-pad-funcs-before=$(pad_pattern "$draw"):64")
          [ -z "$pad" ] || more+=("-pad-funcs-before=$pad")
          plain_bolt in "$out" "$T/log" "${more[@]}" ;;
    apply) local lock=$T/apply-${draw//\//_}.lock
          [ -f "$lock" ] || apply_lock "$draw" "$lock" || return 1
          # As run.sh's placements: the first apply writes down its choices (--write-lock),
          # the padded ones take them in one llvm-bolt run; apply exits 1 when the padding
          # moved its locked offsets, the placement wanted.
          more=(--write-lock "$lock.applied")
          [ -z "$pad" ] || { lock=$lock.applied; more=(--max-bolt-runs 1 --bolt-dir "$W/bolt-pad"); }
          BENCH_BOLT="$BOLT" BENCH_PAD_BEFORE=$pad "$H" apply in --lock "$lock" \
            --profile p-in.fdata "${more[@]}" -o "$out" > "$T/log" 2>&1 || rc=$?
          [ $rc -le 1 ] || { cat "$T/log" >&2; return 1; } ;;
  esac
}

# apply_lock DRAW LOCK: apply's lock for DRAW (make_layout).
apply_lock() {
  # shellcheck disable=SC2086 # PLAN_FLAGS: options, split on purpose
  if [ "$APPLY_DRAWS" = slack ]; then
    "$H" plan in --profile p-in.fdata --slack-percent "$1" ${PLAN_FLAGS:-} -o "$2" > "$T/log" 2>&1 ||
      { cat "$T/log" >&2; return 1; }
  else
    python3 - "$T/holes.lock" "$1" "$2" <<'PY'
import json, sys
lock = json.load(open(sys.argv[1]))
if sys.argv[2] != '-':  # a hole of 64 bytes before that function: it and the rest move up
    at = next(f['offset'] for f in lock['functions'] if f['name'] == sys.argv[2])
    for f in lock['functions']:
        if f['offset'] >= at:
            f['offset'] += 64
    lock['hot_text_size'] += 64
functions = lock.pop('functions')
with open(sys.argv[3], 'w') as out:  # plan's layout: a header field a line, a function a line
    out.write('{\n' + ''.join(f'  {json.dumps(k)}: {json.dumps(v)},\n' for k, v in lock.items()))
    out.write('  "functions": [\n' + ',\n'.join(
        '    ' + json.dumps(f, separators=(',', ':')) for f in functions) + '\n  ]\n}\n')
PY
  fi
}

# bolt's draws: as built, and a gap before one of DRAWS-1 functions spread over its hot text
# (never the first: the placements pad that one).
plain_bolt in "$T/b0" "$T/log"
read -r a n < <(text_section "$T/b0")
mapfile -t hot < <("$LLVM/llvm-nm" -n --defined-only "$T/b0" |
  awk -v a="$a" -v e="$(printf '%016x' $((0x$a + 0x$n)))" \
    '($2 == "t" || $2 == "T") && ($1 "") > ("" a) && ($1 "") < ("" e) { print $3 }')
declare -A DRAW=([bolt]="-" [apply]="")
# spread DRAWS-1 of ARRAY's names over it (never the first) after KIND's "-".
spread() {
  local -n names=$2
  local d
  # (A program with fewer hot functions than draws gets fewer draws.)
  for ((d = 1; d < DRAWS && d < ${#names[@]}; d++)); do
    DRAW[$1]+=" ${names[$((${#names[@]} * d / DRAWS))]}"
  done
}
spread bolt hot
if [ "$APPLY_DRAWS" = slack ]; then
  for ((d = 0; d < DRAWS; d++)); do DRAW[apply]+=" $((3 + d))"; done
else
  # shellcheck disable=SC2086
  "$H" plan in --profile p-in.fdata ${PLAN_FLAGS:-} -o "$T/holes.lock" > "$T/log" 2>&1 ||
    { cat "$T/log" >&2; exit 1; }
  mapfile -t locked < <(python3 -c 'import json, sys
print("\n".join(f["name"] for f in json.load(open(sys.argv[1]))["functions"]))' "$T/holes.lock")
  DRAW[apply]="-"; spread apply locked
fi

for kind in bolt apply; do
  for draw in ${DRAW[$kind]}; do
    make_layout "$kind" "$draw" "$T/p0"
    sym=$(first_hot_symbol "$T/p0"); pat=$(pad_pattern "${sym#* }")
    sum=0 line=
    for ((k = 0; k < 16; k++)); do
      out=$T/p0
      if [ $k != 0 ]; then
        out=$T/p; make_layout "$kind" "$draw" "$out" "$pat:$((k * 64))"
        # The whole hot text moved by the padding, or this is not another placement.
        moved_by "$sym" "$out" $((k * 64)) || {
          echo "layout-draws: $p $kind $draw: its hot text did not move by $((k * 64)) bytes" >&2
          exit 1
        }
      fi
      m=$(i1_misses "$out"); sum=$((sum + m)); line+=" $m"
    done
    echo "$kind $draw: mean $((sum / 16)) ($line )"
  done
done | tee "$T/draws"

python3 - "$T/draws" "$HERE/../common" <<'PY'
import math, sys
from collections import defaultdict
sys.path.insert(0, sys.argv[2])
from student import t_quantile  # hotlayout ab's t quantile (bench/common/student.py)
means = defaultdict(list)
for line in open(sys.argv[1]):
    kind, rest = line.split(' ', 1)
    means[kind].append(int(rest.split('mean ')[1].split()[0]))
def stats(v):
    m = sum(v) / len(v)
    sd = math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1)) if len(v) > 1 else 0.0
    return m, sd
mb, sb = stats(means['bolt'])
print(f"8 KiB I1 misses, mean over draws (each a mean of 16 placements); x bolt with a 95 % CI")
for kind, v in means.items():
    m, sd = stats(v)
    line = f"{kind:9s} {len(v)} draws: mean {m:.0f}, sd {sd:.0f} ({100 * sd / m:.1f} %), " \
           f"range {min(v)}..{max(v)}"
    if kind != 'bolt' and len(v) > 1 and len(means['bolt']) > 1:
        # Log of the ratio of means: delta method, Welch's degrees of freedom.
        a, b = (sd / m) ** 2 / len(v), (sb / mb) ** 2 / len(means['bolt'])
        df = (a + b) ** 2 / (a * a / (len(v) - 1) + b * b / (len(means['bolt']) - 1)) \
            if a + b else 1  # no spread at all: no interval either
        h = t_quantile(df) * math.sqrt(a + b)
        r = m / mb
        line += f"; x bolt {r:.3f} [{r * math.exp(-h):.3f}, {r * math.exp(h):.3f}]"
    print(line)
PY

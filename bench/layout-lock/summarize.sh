#!/bin/bash
# summarize.sh RESULTS_DIR WORK_DIR: writes RESULTS_DIR/lock-summary.txt
set -uo pipefail
R=$1; W=$2; H=${HOTLAYOUT:-$(cd "$(dirname "$0")/../.." && pwd)/build/bin/hotlayout}
{
echo "# Layout lock on Lua 5.4 ($(cat "$W"/src/lua5.4.unpacked), Debian source), $(date -u +%FT%TZ)"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, kernel $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "toolchain: $(clang-22 --version | head -1); $(/usr/lib/llvm-22/bin/llvm-bolt --version 2>&1 | grep -m1 -i 'version')"
echo
echo "## 1. Release-style change (v2 = luaH_getint with one never-true early return), 20 hottest functions of p1.fdata"
grep '^#' "$R/lock-release.csv"
echo "functions in the lock: $(grep -c '"offset"' "$R/lock-v1.lock.txt"); of the 20 hottest, in the lock: $(for f in $(grep -v '^#' "$R/lock-release.csv" | awk -F, 'NR>1 && $1 ~ /^lua-v1->/ {print $2}'); do grep -q "\"name\":\"$f\"" "$R/lock-v1.lock.txt" && echo $f; done | wc -l)"
echo "plan --update: $(tail -1 "$R/lock-plan-v2.txt")"
echo "apply v1: $(grep 'locked functions' "$R/lock-apply-v1.txt")"
echo "apply v2: $(grep 'locked functions' "$R/lock-apply-v2.txt")"
echo "hotlayout diff --profile p1.fdata (bolt):  $(grep 'hot functions' "$R/lock-diff-bolt.txt")"
echo "hotlayout diff --profile p1.fdata (lock):  $(grep 'hot functions' "$R/lock-diff-lock.txt")"
echo "hotlayout diff, no profile (bolt): $($H diff "$W/lua-v1.bolt" "$W/lua-v2.bolt" | tail -1)"
echo "hotlayout diff, no profile (lock): $($H diff "$W/lua-v1.lock" "$W/lua-v2.lock" | tail -1)"
echo
echo "## 2. The same change as an A/B across layouts (hotlayout ab lua-v1 lua-v2 --lock v1.lock; ab's table: ab-lock-release.txt)"
cat "$R/lock-ab.md"
grep -A2 '^with the lock' "$R/ab-lock-release.txt"
echo
echo "## 3. Run time over 8 --shuffle-sections builds (stock / plain llvm-bolt with each build's own profile / one v1.lock applied to all)"
cat "$R/lock-spread.txt"
echo "apply on the 8 shuffled builds:"; grep 'locked functions' "$R/lock-apply-shuffle.txt" | sort | uniq -c
echo
echo "## 4. Wall time, hotlayout apply vs plain llvm-bolt on lua-v1 (interleaved)"
cat "$R/lock-tooltime.txt"
} > "$R/lock-summary.txt"

#!/usr/bin/env python3
"""hot.py FDATA [N]: functions ranked by profile weight = sum of counts of the
branch records that leave or enter them (intra-function branches counted once).

The rule is hotlayout's FunctionCounts::fromFile (tools/hotlayout/lib/Profile/Fdata.cpp),
what plan orders by: a location of kind 1 (global) or 2 (local) names a function, BOLT's
/N suffix stripped; kind 0 (an address in a DSO) names none. Until 2026-11-28 this script
counted kind 1 only and kept the suffix, so local functions were missing from its ranking
(run.sh's lock-release.csv files written before then used that ranking)."""
import sys, collections


def function(kind, name):
    """The function an .fdata location names, as FunctionCounts reads it; '' for none."""
    return name.split('/')[0] if kind in ('1', '2') else ''


def rank(fdata):
    """Counter of profile weight per function name (without BOLT's /N suffix)."""
    w = collections.Counter()
    for line in open(fdata):
        f = line.split()
        if len(f) != 8:
            continue
        a, b, c = function(f[0], f[1]), function(f[3], f[4]), int(f[7])
        if a:
            w[a] += c
        if b and b != a:
            w[b] += c
    return w


if __name__ == '__main__':
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    for name, c in rank(sys.argv[1]).most_common(n):
        print(name, c)

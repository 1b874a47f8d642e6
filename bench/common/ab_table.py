#!/usr/bin/env python3
"""ab_table.py: the one table of `hotlayout ab` comparisons, made from their JSON.

    ab_table.py NAME=FILE.json [NAME=FILE.json ...]

Every bench that asks "is B faster than A, or only laid out differently?" runs
`hotlayout ab A B --json-out FILE.json` and tabulates the files with this script, so
every such answer carries ab's ratio, 95 % interval and verdict (see ab's README section
in the top-level README for how to read them). One markdown row per comparison: metric,
layouts x complete rounds, B/A, the interval, the verdict (with `same`, the smallest
effect that run could have detected), each side's layout spread (max/min of its
per-layout medians), what one layout of each could have reported (the range over all
pairs), the locked pair's ratio and interval when ab ran with --lock, and the load
average before and after. When any comparison ran with --ci-target, two more columns: the
target and whether it was reached (with the time it took), and each side's layout tax. The
verdict carries ab's rule (`verdict_rule`: which test against the noise threshold gave it) when
the JSON has one. A file that is missing, is not ab's JSON, or has no result (an
interrupted run with no complete round) is an error: no table is printed."""
import json
import sys

FIELDS = ("ratio", "ci_low", "ci_high", "verdict", "detectable", "spread_a", "spread_b",
          "naive_low", "naive_high", "layouts", "metric", "rounds", "layouts_per_side")


def load(arg):
    name, sep, path = arg.partition("=")
    if not sep or not name or not path:
        sys.exit(f"ab_table.py: '{arg}': want NAME=FILE.json")
    try:
        with open(path) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"ab_table.py: {path}: cannot read ab's JSON ({e}); rerun hotlayout ab "
                 "with --json-out")
    if "no_result" in r:
        sys.exit(f"ab_table.py: {path}: hotlayout ab gave no result: {r['no_result']}")
    missing = [k for k in FIELDS if k not in r]
    if missing:
        sys.exit(f"ab_table.py: {path}: not hotlayout ab's JSON (no {', '.join(missing)})")
    return name, r


def verdict(r):
    # ab's JSON before the noise threshold has no verdict_rule.
    rule = f"{r['verdict_rule']}; " if "verdict_rule" in r else ""
    if r["verdict"] == "same":
        return f"same ({rule}could detect ~{100 * r['detectable']:.0f} %)"
    if r["verdict"] == "not resolved":
        return f"not resolved ({r.get('verdict_rule', '')})"
    return f"**{r['verdict']}**" + (f" ({r['verdict_rule']})" if rule else "")


def lock(r):
    if "lock" not in r:
        return "-"
    k = r["lock"]
    return f"{k['ratio']:.3f} [{k['ci_low']:.3f}, {k['ci_high']:.3f}] {k['verdict']}"


def target(r):
    if "ci_target" not in r:
        return "-"
    spent = f"{r['seconds'] / 60:.1f} min"
    if r["reached"]:
        return f"+-{r['ci_target']:g} %: reached in {spent}"
    why = {"signal": "interrupted", "looks": "after its last look"}.get(
        r["stop"], f"--max-time {r['max_time']:g} s")
    need = r.get("to_target")
    more = (f"; needs ~{need['seconds'] / 60:.0f} min more" if need
            else "; out of reach")
    return f"+-{r['ci_target']:g} %: **not reached** in {spent} ({why}{more})"


def tax(r):
    if "layout_tax" not in r:
        return "-"
    t = r["layout_tax"]
    # ci_high is null where no upper bound exists (few layouts, tiny alpha).
    def high(s):
        h = t[s]["ci_high"]
        return "inf" if h is None else f"{100 * h:.1f}"
    return " / ".join(f"+-{100 * t[s]['sigma']:.1f} % [{100 * t[s]['ci_low']:.1f}, "
                      f"{high(s)}]" for s in "ab")


def row(name, r, targets):
    extra = f" {target(r)} | {tax(r)} |" if targets else ""
    return (f"| {name} | {r['metric']} | {r['layouts_per_side']} x {r['rounds']} "
            f"| {r['ratio']:.3f} | [{r['ci_low']:.3f}, {r['ci_high']:.3f}] | {verdict(r)} "
            f"| {r['spread_a']:.3f} / {r['spread_b']:.3f} "
            f"| {r['naive_low']:.3f} .. {r['naive_high']:.3f} | {lock(r)} "
            f"| {r.get('load_start', 0):.1f} -> {r.get('load_end', 0):.1f} |{extra}")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: ab_table.py NAME=FILE.json [NAME=FILE.json ...]")
    runs = [load(a) for a in sys.argv[1:]]
    targets = any("ci_target" in r for _, r in runs)
    print("| comparison | metric | layouts x rounds | B/A | 95 % CI | verdict "
          "| layout spread A / B | one layout each could have said "
          "| with the lock (one layout each): B/A [CI] verdict "
          "| load |" + (" target | layout tax A / B (1 sd, 95 % CI) |" if targets else ""))
    print("|---|---|---|---:|---|---|---|---|---|---|" + ("---|---|" if targets else ""))
    for name, r in runs:
        print(row(name, r, targets))


if __name__ == "__main__":
    main()

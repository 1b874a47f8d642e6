#!/usr/bin/env python3
"""variance.py: which way of reading `hotlayout ab`'s runs narrows the interval most per
second of runs (which reading narrows the interval most per second).

    variance.py [--target PERCENT] [--resamples N] NAME=FILE.json [NAME=FILE.json ...]

Each FILE is ab's JSON (--json-out): every run of every layout variant, A's and B's, in
rounds. For every file, each estimator below is computed on the same runs, with the same
interval (bootstrap over layouts, percentile on the log scale, widened by sqrt(K/(K-1))), and
printed with its half-width (the larger side, as ab's `detectable`) and the seconds of runs it
would take to reach +-PERCENT (default 2) at that rate: seconds x (half-width / target)^2,
since an interval narrows as one over the square root of the runs. Lower is better. The last
rows split the paired estimator's variance into what differs between layouts and what is run
noise, and give the cheapest layouts x rounds for the target under that split.

Estimators (the unit of replication is always the layout):
  unpaired-median   per variant the median of its runs, per side the median of those, B/A;
                    bootstrap over layouts, widened by sqrt(K/(K-1)) (ab before 2026-11-26)
  unpaired-min      the same with each variant's fastest run
  unpaired-trim     the same with each variant's 20 % trimmed mean
  paired-median-boot  per seed, the median over rounds of log(b/a) of the two runs of that
                    seed's A and B layouts in one round; across seeds their median, bootstrap
                    over seeds, widened
  paired-median     per seed the same median; across seeds their mean, with the t interval
                    (K - 1 degrees of freedom) (ab since 2026-11-26)
  paired-trim       per seed the 20 % trimmed mean of the log ratios; mean and t across seeds
  paired-min        per seed log(min b / min a); mean and t across seeds
Pure Python (no numpy); a fixed seed, so the same files give the same table."""
import argparse
import json
import math
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from student import t_quantile  # noqa: E402


def trimmed_mean(xs, cut=0.2):
    s = sorted(xs)
    k = int(len(s) * cut)
    s = s[k:len(s) - k] or s
    return sum(s) / len(s)


def quantile(sorted_xs, q):
    pos = q * (len(sorted_xs) - 1)
    i = int(math.floor(pos))
    if i + 1 >= len(sorted_xs):
        return sorted_xs[-1]
    return sorted_xs[i] + (pos - i) * (sorted_xs[i + 1] - sorted_xs[i])


def interval(point, draws, k):
    """Percentile interval of log-ratio replicates, widened as ab widens it; returns the
    ratio, the interval and the larger half-width (relative)."""
    draws.sort()
    widen = math.sqrt(k / (k - 1)) if k > 1 else 1.0
    lo = point + (quantile(draws, 0.025) - point) * widen
    hi = point + (quantile(draws, 0.975) - point) * widen
    half = math.exp(max(point - lo, hi - point)) - 1
    return math.exp(point), math.exp(lo), math.exp(hi), half


def unpaired(a, b, per_variant, rng, n):
    ma = [per_variant(v) for v in a]
    mb = [per_variant(v) for v in b]
    point = math.log(statistics.median(mb) / statistics.median(ma))
    draws = []
    for _ in range(n):
        da = statistics.median(rng.choice(ma) for _ in ma)
        db = statistics.median(rng.choice(mb) for _ in mb)
        draws.append(math.log(db / da))
    return interval(point, draws, min(len(a), len(b)))


def paired_boot(a, b, per_seed, rng, n):
    m = [per_seed(x, y) for x, y in zip(a, b)]
    point = statistics.median(m)
    draws = [statistics.median([rng.choice(m) for _ in m]) for _ in range(n)]
    return interval(point, draws, len(m))


def paired_t(a, b, per_seed):
    m = [per_seed(x, y) for x, y in zip(a, b)]
    point = statistics.fmean(m)
    half = t_quantile(len(m) - 1) * math.sqrt(statistics.variance(m) / len(m))
    return math.exp(point), math.exp(point - half), math.exp(point + half), math.exp(half) - 1


def log_ratios(x, y):
    return [math.log(q / p) for p, q in zip(x, y)]


ESTIMATORS = {
    "unpaired-median": lambda a, b, r, n: unpaired(a, b, statistics.median, r, n),
    "unpaired-min": lambda a, b, r, n: unpaired(a, b, min, r, n),
    "unpaired-trim": lambda a, b, r, n: unpaired(a, b, trimmed_mean, r, n),
    "paired-median-boot": lambda a, b, r, n: paired_boot(
        a, b, lambda x, y: statistics.median(log_ratios(x, y)), r, n),
    "paired-median": lambda a, b, r, n: paired_t(
        a, b, lambda x, y: statistics.median(log_ratios(x, y))),
    "paired-trim": lambda a, b, r, n: paired_t(
        a, b, lambda x, y: trimmed_mean(log_ratios(x, y))),
    "paired-min": lambda a, b, r, n: paired_t(
        a, b, lambda x, y: math.log(min(y) / min(x))),
}


def load(arg):
    name, sep, path = arg.partition("=")
    if not sep:
        sys.exit(f"variance.py: '{arg}': want NAME=FILE.json")
    with open(path) as f:
        r = json.load(f)
    side = {"A": {}, "B": {}}
    for v in r["layouts"]:
        if not v["locked"]:
            side[v["side"]][v["seed"]] = v
    seeds = sorted(set(side["A"]) & set(side["B"]))
    return name, r, seeds, side


def split(a, b, rng, n=200):
    """Between-seed and within-seed (run noise of one seed's median) variance of the
    per-seed median log ratio; the latter by a bootstrap over that seed's rounds."""
    per = []
    within = []
    for x, y in zip(a, b):
        d = log_ratios(x, y)
        per.append(statistics.median(d))
        reps = [statistics.median(rng.choice(d) for _ in d) for _ in range(n)]
        within.append(statistics.variance(reps))
    total = statistics.variance(per)
    return total, statistics.fmean(within), len(a[0])


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--target", type=float, default=2.0)
    p.add_argument("--resamples", type=int, default=2000)
    p.add_argument("files", nargs="+")
    args = p.parse_args()
    target = args.target / 100
    print(f"target +-{args.target:g} %; seconds = runs' wall time x (half-width / target)^2")
    print()
    print("| data | estimator | K x R | B/A | 95 % CI | half-width | runs (s) | s to target |")
    print("|---|---|---|---:|---|---:|---:|---:|")
    splits = []
    for arg in args.files:
        name, r, seeds, side = load(arg)
        metric = "cpu" if r["metric"] == "user+sys" else "wall"
        for k, rounds in subsets(len(seeds), r["rounds"]):
            use = seeds[:k]
            a = [side["A"][s][metric][:rounds] for s in use]
            b = [side["B"][s][metric][:rounds] for s in use]
            secs = sum(sum(side[c][s]["wall"][:rounds]) for c in "AB" for s in use)
            for est, f in ESTIMATORS.items():
                if (k, rounds) != (len(seeds), r["rounds"]) and est not in (
                        "unpaired-median", "paired-median"):
                    continue
                ratio, lo, hi, half = f(a, b, random.Random(1), args.resamples)
                print(f"| {name} | {est} | {k} x {rounds} | {ratio:.4f} | [{lo:.4f}, {hi:.4f}] "
                      f"| {100 * half:.2f} % | {secs:.0f} | {secs * (half / target) ** 2:.0f} |")
        a = [side["A"][s][metric] for s in seeds]
        b = [side["B"][s][metric] for s in seeds]
        splits.append((name, r, split(a, b, random.Random(2)),
                       sum(sum(side[c][s]["wall"]) for c in "AB" for s in seeds)))
    print()
    print("| data | between seeds (sd) | run noise of one seed's median (sd) | K x R |"
          " one run (s) | load |")
    print("|---|---:|---:|---|---:|---|")
    for name, r, (total, within, rounds), secs in splits:
        k = r["layouts_per_side"]
        between = math.sqrt(max(0.0, total - within))
        print(f"| {name} | {100 * between:.2f} % | {100 * math.sqrt(within):.2f} % | "
              f"{k} x {rounds} | {secs / (2 * k * rounds):.3f} | "
              f"{r['load_start']:.1f} -> {r['load_end']:.1f} |")


def subsets(k, rounds):
    """The whole file, and smaller corners of it: K against R at the same data."""
    out = [(k, rounds)]
    for kk in (4, 8, 16):
        for rr in (10, 20, 40):
            if kk <= k and rr <= rounds and (kk, rr) != (k, rounds):
                out.append((kk, rr))
    return out


if __name__ == "__main__":
    main()

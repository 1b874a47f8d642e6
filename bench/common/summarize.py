#!/usr/bin/env python3
"""summarize.py: the one report for interleave.py's samples.

    summarize.py times.csv [--baseline CONFIG] [--unit s] [--higher-is-better] [--png out.png]

Per config, over its builds (e.g. 8 links perturbed with --shuffle-sections): each build's
median and minimum; then the median of the build medians, the spread max/min of the build
medians (the layout tax: how much link order alone moves the result), the minimum of the
build minima, and the within-round normalised median (each sample divided by the median of
every sample of its round, which cancels the machine's slow and fast phases) with its spread
across builds. With --baseline, each config's ratio to it: per round, the median of the
config's samples over the baseline's, then the median and p10..p90 of those ratios over
rounds (a ratio measured side by side, never across runs). The PNG shows every build's
normalised median per config. Prints a markdown table."""
import argparse
import collections
import csv
import statistics as st
import sys


def quantile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, max(0, round(q * (len(v) - 1))))]


def load(path):
    rows = list(csv.DictReader(open(path)))
    if not rows:
        sys.exit(f"summarize.py: {path}: no samples")
    for r in rows:
        r["value"] = float(r["value"])
    return rows


def per_build(rows):
    """config -> build -> (raw samples, normalised samples)."""
    by_round = collections.defaultdict(list)
    for r in rows:
        by_round[r["round"]].append(r["value"])
    round_median = {k: st.median(v) for k, v in by_round.items()}
    d = collections.defaultdict(lambda: collections.defaultdict(lambda: ([], [])))
    for r in rows:
        raw, norm = d[r["config"]][r["build"]]
        raw.append(r["value"])
        norm.append(r["value"] / round_median[r["round"]])
    return d, len(by_round)


def ratios(rows, config, baseline):
    per_round = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in rows:
        per_round[r["round"]][r["config"]].append(r["value"])
    out = [st.median(c[config]) / st.median(c[baseline])
           for c in per_round.values() if c[config] and c[baseline]]
    return out


def table(rows, args):
    d, nrounds = per_build(rows)
    lines = [f"rounds: {nrounds}, samples: {len(rows)}, unit: {args.unit}"
             f"{' (higher is better)' if args.higher_is_better else ''}", "",
             "| config | builds | median of build medians | spread of build medians (max/min) "
             "| best of build bests | normalised median | normalised spread"
             + (f" | ratio to {args.baseline}: median [p10..p90]" if args.baseline else "") + " |",
             "|---|---:|---:|---:|---:|---:|---:" + ("|---:" if args.baseline else "") + "|"]
    best = max if args.higher_is_better else min
    for config in sorted(d):
        builds = d[config]
        meds = [st.median(raw) for raw, _ in builds.values()]
        bests = [best(raw) for raw, _ in builds.values()]
        nmeds = [st.median(norm) for _, norm in builds.values()]
        line = (f"| {config} | {len(builds)} | {st.median(meds):.4g} | {max(meds) / min(meds):.4f} "
                f"| {best(bests):.4g} | {st.median(nmeds):.4f} | {max(nmeds) / min(nmeds):.4f}")
        if args.baseline:
            rs = ratios(rows, config, args.baseline)
            line += (f" | {st.median(rs):.4f} [{quantile(rs, 0.1):.4f}..{quantile(rs, 0.9):.4f}]"
                     if rs else " | -")
        lines.append(line + " |")
    lines.append("")
    for config in sorted(d):
        lines.append(f"{config}: per build median/best/normalised median: " + " ".join(
            f"{b}:{st.median(raw):.4g}/{best(raw):.4g}/{st.median(norm):.4f}"
            for b, (raw, norm) in sorted(d[config].items())))
    return "\n".join(lines), d


def plot(d, path, title, unit):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    configs = sorted(d)
    fig, ax = plt.subplots(figsize=(1.6 * len(configs) + 2, 4))
    for i, config in enumerate(configs):
        ys = [st.median(norm) for _, norm in d[config].values()]
        ax.scatter([i] * len(ys), ys, alpha=0.7)
        ax.hlines(st.median(ys), i - 0.3, i + 0.3, color="black")
    ax.set_xticks(range(len(configs)), configs, rotation=20)
    ax.set_ylabel(f"build median / round median ({unit}, normalised)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv")
    p.add_argument("--baseline")
    p.add_argument("--unit", default="s")
    p.add_argument("--higher-is-better", action="store_true")
    p.add_argument("--png")
    p.add_argument("--title", default="")
    args = p.parse_args()
    rows = load(args.csv)
    if args.baseline and args.baseline not in {r["config"] for r in rows}:
        sys.exit(f"summarize.py: --baseline {args.baseline}: no such config in {args.csv}")
    text, d = table(rows, args)
    print(text)
    if args.png:
        plot(d, args.png, args.title or args.csv, args.unit)


if __name__ == "__main__":
    main()

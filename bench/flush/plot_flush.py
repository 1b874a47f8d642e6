#!/usr/bin/env python3
"""Plots flush bandwidth (GB/s) against buffer size from clflush_bench's CSV.

    plot_flush.py flush.csv [-o flush.png]

One line per variant at the median sample, a shaded band from the 10th to the
90th percentile, and a dotted line at the best (minimum-time) sample.
"""
import argparse
import csv
import statistics
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def quantile(sorted_values, q):
    pos = q * (len(sorted_values) - 1)
    i = int(pos)
    if i + 1 >= len(sorted_values):
        return sorted_values[-1]
    return sorted_values[i] + (pos - i) * (sorted_values[i + 1] - sorted_values[i])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("-o", "--output", default="flush.png")
    args = ap.parse_args()

    samples = defaultdict(list)  # (variant, size) -> GB/s per sample
    with open(args.csv, newline="") as f:
        for row in csv.DictReader(f):
            size = int(row["size_bytes"])
            samples[(row["variant"], size)].append(size / float(row["ns"]))

    variants = sorted({v for v, _ in samples}, key=["clflush", "clflushopt", "batched"].index)
    fig, ax = plt.subplots(figsize=(8, 5))
    for v in variants:
        sizes = sorted(s for w, s in samples if w == v)
        rates = [sorted(samples[(v, s)]) for s in sizes]
        med = [statistics.median(r) for r in rates]
        line, = ax.plot(sizes, med, marker="o", label=f"{v} (median)")
        ax.fill_between(sizes, [quantile(r, 0.1) for r in rates],
                        [quantile(r, 0.9) for r in rates], color=line.get_color(), alpha=0.15)
        ax.plot(sizes, [r[-1] for r in rates], linestyle=":", color=line.get_color(),
                label=f"{v} (best)")
    ax.set_xscale("log", base=2)
    ax.set_xticks(sorted({s for _, s in samples}))
    ax.set_xticklabels([f"{s >> 20}M" if s >= 1 << 20 else f"{s >> 10}K"
                        for s in sorted({s for _, s in samples})])
    ax.set_xlabel("buffer size (dirty before each sample)")
    ax.set_ylabel("flush bandwidth, GB/s")
    ax.set_title("clflush loop vs clflushopt + sfence (band: p10..p90)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(args.output, dpi=120)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()

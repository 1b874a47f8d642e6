#!/usr/bin/env python3
"""ab-plot.py RESULT.json OUT.png: the picture of a `hotlayout ab` run.

Top left: each layout variant's runs (dots) and median (bar), A then B, so
the layout spread is visible next to the run noise. Top right: the ratio B/A
with its 95 % confidence interval, the range a single-layout A/B could have
reported, and 1. Bottom: the interval after every round (how it narrowed),
with the layouts per side at each step and, with --ci-target, the band the
interval had to fit in (the y range follows the intervals from --rounds on;
the first rounds' may be cut off). Run by `hotlayout ab --plot`; needs matplotlib (exit 3 and
a message when it is missing)."""
import json
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.stderr.write("ab-plot.py: matplotlib is missing: apt-get install "
                     "python3-matplotlib (or pip install matplotlib)\n")
    sys.exit(3)


def history(ax, r):
    """The interval after each complete round, against the rounds."""
    steps = r.get("history", [])
    if not steps:
        ax.set_axis_off()
        return
    x = [h["rounds"] for h in steps]
    # Each interval holds from its round to the next; the last one for a round too.
    ax.fill_between(x + [x[-1] + 1], [h["ci_low"] for h in steps] + [steps[-1]["ci_low"]],
                    [h["ci_high"] for h in steps] + [steps[-1]["ci_high"]],
                    color="tab:grey", alpha=0.35, step="post", label="95 % CI")
    ax.set_xlim(x[0] - 0.5, x[-1] + 1.5)
    ax.plot(x, [h["ratio"] for h in steps], color="black", lw=1, label="B/A")
    ax.axhline(1.0, color="red", lw=0.8)
    if "ci_target" in r:
        t = r["ci_target"] / 100
        last = steps[-1]["ratio"]
        ax.axhspan(last / (1 + t), last * (1 + t), color="tab:green", alpha=0.15,
                   label="target +-%g %% around the last ratio" % r["ci_target"])
    for prev, h in zip(steps, steps[1:]):
        if h["layouts"] != prev["layouts"]:
            ax.axvline(h["rounds"], color="tab:blue", lw=0.6, ls=":")
            ax.annotate("%d layouts count" % h["layouts"], (h["rounds"], 1), fontsize=7,
                        xycoords=("data", "axes fraction"), va="top", rotation=90)
    # The first rounds' intervals (a few runs per layout) can be many times
    # wider than the rest: the y range follows those from the first check on.
    later = [h for h in steps if h["rounds"] >= r.get("rounds_asked", 1)] or steps
    lo = min(h["ci_low"] for h in later)
    hi = max(h["ci_high"] for h in later)
    pad = 0.1 * (hi - lo) or 0.01
    ax.set_ylim(min(lo, 1.0) - pad, max(hi, 1.0) + pad)
    ax.set_xlabel("complete rounds (%d layouts each at the end; %.0f s in all)"
                  % (steps[-1]["layouts"], r.get("seconds", 0)))
    ax.set_ylabel("B/A")
    ax.set_title("the interval as the rounds came in", fontsize=9)
    ax.legend(fontsize=7, loc="upper right")


def main(src, out):
    with open(src) as f:
        r = json.load(f)
    variants = r["layouts"]
    fig = plt.figure(figsize=(10, 8))
    grid = fig.add_gridspec(2, 2, width_ratios=[3, 1])
    left = fig.add_subplot(grid[0, 0])
    right = fig.add_subplot(grid[0, 1])
    history(fig.add_subplot(grid[1, :]), r)
    for x, v in enumerate(variants):
        colour = "tab:blue" if v["side"] == "A" else "tab:orange"
        left.scatter([x] * len(v["runs"]), v["runs"], s=8, color=colour,
                     alpha=0.4)
        left.hlines(v["median"], x - 0.35, x + 0.35, color=colour, lw=2.5)
    left.set_xticks(range(len(variants)))
    left.set_xticklabels([v["name"] for v in variants], rotation=90,
                         fontsize=7)
    left.set_ylabel("%s time per run (s)" % r["metric"])
    left.set_title("runs (dots) and median (bar) per layout; A blue, B orange",
                   fontsize=9)
    if "ratio" in r:
        rows = [("layouts", r)]
        if "lock" in r:
            rows.append(("lock", r["lock"]))
        for y, (name, c) in enumerate(rows):
            right.errorbar([c["ratio"]], [y],
                           xerr=[[c["ratio"] - c["ci_low"]],
                                 [c["ci_high"] - c["ratio"]]],
                           fmt="o", color="black", capsize=4)
            if name == "layouts":
                right.hlines(y - 0.2, c["naive_low"], c["naive_high"],
                             color="grey", lw=4, alpha=0.5,
                             label="one layout each")
        right.set_yticks(range(len(rows)))
        right.set_yticklabels([n for n, _ in rows])
        right.set_ylim(-0.7, len(rows) - 0.3)
        right.axvline(1.0, color="red", lw=0.8)
        right.set_title("B/A: %s (95%% CI)" % r["verdict"], fontsize=9)
        right.legend(fontsize=7, loc="upper right")
    fig.suptitle("hotlayout ab: %s vs %s (%d rounds; %s)" %
                 (r["a"], r["b"], r["rounds"], r["machine"]), fontsize=9)
    fig.tight_layout()
    # format: hotlayout passes a temporary name, which has no .png suffix.
    fig.savefig(out, dpi=110, format="png")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2])

#!/usr/bin/env python3
"""ab-plot.py RESULT.json OUT.png: the picture of a `hotlayout ab` run.

Left: each layout variant's runs (dots) and median (bar), A then B, so the
layout spread is visible next to the run noise. Right: the ratio B/A with
its 95 % confidence interval, the range a single-layout A/B could have
reported, and 1. Run by `hotlayout ab --plot`; needs matplotlib (exit 3 and
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


def main(src, out):
    with open(src) as f:
        r = json.load(f)
    variants = r["layouts"]
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(10, 4.5), gridspec_kw={"width_ratios": [3, 1]})
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

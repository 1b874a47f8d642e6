#!/usr/bin/env python3
"""analyze.py: summarise an offset sweep (bench/align/run.sh).

  analyze.py LAYOUT.csv TIMES.csv [--offsets OUT.csv] [--png OUT.png]

LAYOUT.csv (build_sweep.py): where each build put each kernel's loop.
TIMES.csv (align_bench; may be gzipped): raw samples. Prints, per kernel:
  - the loop's size (hotlayout check) and hotalign's estimate and max-skip;
  - per build: placements (of the pads swept) whose loop touches more lines
    than its size needs; alignment padding before the loop, i.e. its distance
    from the function start minus that distance in the noalign build (sum,
    mean, max); .text bytes minus the stock build's at the same pad (mean,
    min..max);
  - per build: time per loop iteration at its best and worst pad (by median),
    and at the pad where the stock build is slowest: min, median, the median
    of the within-round normalised time (sample / median of all samples of
    that kernel in that round, which cancels the VM's slow and fast phases
    when they outlast a round), and spread (max/min, and p90/p10, over that
    pad's samples); and, pad by pad, its median over the stock build's.
Writes the per (kernel, build, pad) statistics to --offsets and a plot of
median time vs pad (p25..p75 band), one panel per kernel, to --png (needs
matplotlib).
"""
import argparse
import collections
import csv
import gzip
import statistics
import sys

BUILD_ORDER = ("stock", "plugin", "noalign", "pgo")
KERNEL_ORDER = ("store8", "bytesum", "branchy", "mix")


def ordered(items, order):
    return sorted(items, key=lambda x: (order.index(x) if x in order else 99, x))


def load_layout(path):
    lay = {}
    for r in csv.DictReader(open(path)):
        lay[(r["kernel"], r["build"], int(r["pad"]))] = r
    return lay


def load_times(path):
    """Per (kernel, build, pad): list of (round, ns per iteration)."""
    samples = collections.defaultdict(list)
    f = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    for r in csv.DictReader(f):
        t = int(r["ns"]) / (int(r["calls"]) * int(r["iters"]))
        samples[(r["kernel"], r["build"], int(r["pad"]))].append((int(r["round"]), t))
    return samples


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))]


def stats(samples):
    """samples: per (kernel, build, pad) lists of (round, t). Adds the
    within-round normalised time."""
    round_median = {}
    by_round = collections.defaultdict(list)
    for (k, _, _), s in samples.items():
        for rnd, t in s:
            by_round[(k, rnd)].append(t)
    for key, ts in by_round.items():
        round_median[key] = statistics.median(ts)
    out = {}
    for (k, b, p), s in samples.items():
        ts = [t for _, t in s]
        norm = [t / round_median[(k, rnd)] for rnd, t in s]
        out[(k, b, p)] = {
            "n": len(ts), "min": min(ts), "median": statistics.median(ts),
            "p10": pct(ts, 0.1), "p90": pct(ts, 0.9), "max": max(ts),
            "p25": pct(ts, 0.25), "p75": pct(ts, 0.75),
            "norm_median": statistics.median(norm),
            "spread": max(ts) / min(ts),
            "p90_p10": pct(ts, 0.9) / pct(ts, 0.1),
        }
    return out


def fmt_time(s):
    return "%.3f / %.3f ns (norm %.3f, spread %.2f, p90/p10 %.3f)" % (
        s["min"], s["median"], s["norm_median"], s["spread"], s["p90_p10"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("layout")
    ap.add_argument("times")
    ap.add_argument("--offsets")
    ap.add_argument("--png")
    args = ap.parse_args()
    lay = load_layout(args.layout)
    st = stats(load_times(args.times))
    kernels = ordered({k for k, _, _ in lay}, KERNEL_ORDER)
    builds = ordered({b for _, b, _ in lay}, BUILD_ORDER)
    pads = sorted({p for _, _, p in lay})
    rounds = {k: min(s["n"] for (kk, _, _), s in st.items() if kk == k)
              for k in kernels}

    def L(k, b, p, field):
        return int(lay[(k, b, p)][field])

    print("Per kernel: %d pads (0..%d bytes of code before the loop), builds %s."
          % (len(pads), pads[-1], ", ".join(builds)))
    print("Times are ns per loop iteration: min / median (norm = median of "
          "sample / round median; spread = max/min, p90/p10 over that pad's "
          "samples).")
    table = []
    for k in kernels:
        sizes = {L(k, b, p, "loop_size") for b in builds for p in pads}
        print("\n== %s: loop %s bytes (hotlayout check); %d rounds"
              % (k, "/".join(map(str, sorted(sizes))), rounds[k]))
        for b in ("plugin", "pgo"):
            if b not in builds:
                continue
            said = collections.Counter(remark_text(lay[(k, b, p)]) for p in pads)
            print("  %-8s hotalign said: %s" % (b, "; ".join(
                "%s (%d pads)" % (t, n) for t, n in sorted(said.items()))))
        stock_worst = max(pads, key=lambda p: st[(k, "stock", p)]["median"])
        for b in builds:
            strad = [p for p in pads if L(k, b, p, "straddles")]
            padding = [L(k, b, p, "function_offset") - L(k, "noalign", p, "function_offset")
                       for p in pads]
            dtext = [L(k, b, p, "text_bytes") - L(k, "stock", p, "text_bytes") for p in pads]
            med = {p: st[(k, b, p)]["median"] for p in pads}
            worst = max(pads, key=lambda p: med[p])
            best = min(pads, key=lambda p: med[p])
            print("  %-8s straddling placements %2d of %d%s" % (
                b, len(strad), len(pads),
                (" (pads %s)" % compact(strad)) if strad else ""))
            print("  %-8s padding before loop: sum %d, mean %.1f, max %d bytes; "
                  ".text vs stock: mean %+.1f (%+d..%+d) bytes"
                  % ("", sum(padding), sum(padding) / len(pads), max(padding),
                     sum(dtext) / len(pads), min(dtext), max(dtext)))
            if b != "stock":
                ratio = [med[p] / st[(k, "stock", p)]["median"] for p in pads]
                print("  %-8s median time / stock's at the same pad: min %.3f, "
                      "median %.3f, max %.3f; pads > 2%% slower: %d, > 2%% faster: %d"
                      % ("", min(ratio), statistics.median(ratio), max(ratio),
                         sum(r > 1.02 for r in ratio), sum(r < 0.98 for r in ratio)))
            print("  %-8s best pad %2d (loop at %2d): %s" % (
                "", best, L(k, b, best, "loop_offset"), fmt_time(st[(k, b, best)])))
            print("  %-8s worst pad %2d (loop at %2d): %s" % (
                "", worst, L(k, b, worst, "loop_offset"), fmt_time(st[(k, b, worst)])))
            print("  %-8s at stock's worst pad %2d (loop at %2d): %s" % (
                "", stock_worst, L(k, b, stock_worst, "loop_offset"),
                fmt_time(st[(k, b, stock_worst)])))
            table.append((k, b, len(strad), len(pads), sum(padding),
                          sum(padding) / len(pads), sum(dtext) / len(pads),
                          best, st[(k, b, best)], worst, st[(k, b, worst)],
                          st[(k, b, stock_worst)], stock_worst))

    print("\nMarkdown table (times: median ns/iter [min] {norm median} "
          "(spread max/min, p90/p10)):\n")
    print("| loop | build | straddling of %d | padding sum / mean (B) | .text vs stock (B, mean) "
          "| best pad: time | worst pad: time | at stock's worst pad |" % len(pads))
    print("|---|---|---:|---|---:|---|---|---|")
    for (k, b, ns, np_, psum, pmean, dt, best, sb, worst, sw, ssw, swp) in table:
        print("| %s | %s | %d | %d / %.1f | %+.1f | %d: %s | %d: %s | %d: %s |" % (
            k, b, ns, psum, pmean, dt, best, cell(sb), worst, cell(sw), swp, cell(ssw)))

    if args.offsets:
        with open(args.offsets, "w") as f:
            f.write("kernel,build,pad,loop_offset,loop_size,straddles,samples,"
                    "min_ns,p10_ns,median_ns,p90_ns,max_ns,norm_median,spread,"
                    "p90_p10\n")
            for k in kernels:
                for b in builds:
                    for p in pads:
                        s = st[(k, b, p)]
                        f.write("%s,%s,%d,%d,%d,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.3f,%.4f\n" % (
                            k, b, p, L(k, b, p, "loop_offset"), L(k, b, p, "loop_size"),
                            L(k, b, p, "straddles"), s["n"], s["min"], s["p10"],
                            s["median"], s["p90"], s["max"], s["norm_median"], s["spread"],
                            s["p90_p10"]))
    if args.png:
        plot(args.png, kernels, builds, pads, st, lay)


def remark_text(row):
    if row.get("remark") == "aligned":
        return "aligned, span estimate %s, max-skip %s" % (
            row["remark_span"], row["remark_max_skip"])
    return row.get("remark") or "no remark"


def cell(s):
    return "%.3f [%.3f] {%.3f} (%.2f, %.3f)" % (
        s["median"], s["min"], s["norm_median"], s["spread"], s["p90_p10"])


def compact(ps):
    """[1,2,3,7] -> '1-3,7'."""
    out, start, prev = [], None, None
    for p in ps + [None]:
        if start is None:
            start = prev = p
        elif p is not None and p == prev + 1:
            prev = p
        else:
            out.append(str(start) if start == prev else "%d-%d" % (start, prev))
            start = prev = p
    return ",".join(out)


def plot(path, kernels, builds, pads, st, lay):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("analyze: no matplotlib (pip install matplotlib); "
                         "skipped %s\n" % path)
        return
    colors = {"stock": "tab:red", "plugin": "tab:green", "noalign": "tab:gray",
              "pgo": "tab:blue"}
    styles = {"stock": dict(lw=2.5), "plugin": dict(lw=1.5),
              "noalign": dict(lw=1, ls=":"), "pgo": dict(lw=1.2, ls="--")}
    fig, axes = plt.subplots(len(kernels), 1, figsize=(10, 3.2 * len(kernels)),
                             squeeze=False)
    for ax, k in zip(axes[:, 0], kernels):
        size = lay[(k, "stock", pads[0])]["loop_size"]
        for b in builds:
            med = [st[(k, b, p)]["median"] for p in pads]
            lo = [st[(k, b, p)]["p25"] for p in pads]
            hi = [st[(k, b, p)]["p75"] for p in pads]
            ax.plot(pads, med, color=colors.get(b), label=b, **styles.get(b, {}))
            ax.fill_between(pads, lo, hi, color=colors.get(b), alpha=0.12)
            sx = [p for p in pads if int(lay[(k, b, p)]["straddles"])]
            ax.plot(sx, [st[(k, b, p)]["median"] for p in sx], "x",
                    color=colors.get(b), ms=5)
        ax.set_title("%s (%s-byte loop): median ns/iteration over rounds, "
                     "p25..p75 band; x = build whose loop straddles (hotlayout "
                     "check)" % (k, size), fontsize=9)
        ax.set_xlabel("bytes of code before the loop (PAD)")
        ax.set_ylabel("ns / iteration")
        ax.set_xlim(pads[0] - 0.5, pads[-1] + 0.5)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()

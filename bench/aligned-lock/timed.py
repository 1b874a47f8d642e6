#!/usr/bin/env python3
"""timed.py: apply's output against plain llvm-bolt's in run time, step 2 of 2 (timed.sh packs).

    timed.py run PACK RESULTS [--seconds S] [--cpus 2,6,... | --lanes N] [--metric wall|cpu]
    timed.py report RESULTS

run: per program in PACK, interleave.py's rounds over its 2 x K placements (every round runs
every placement of both outputs once, in a fresh random order; every run's output must be what
the program's reference build printed, PACK/P/output.sha), pinned to one CPU; programs share
the CPUs of --cpus (one lane per CPU, each lane its programs one after another; --lanes N: N
CPUs of distinct physical cores, none of CPU 0's, so no two lanes share a core), and each gets
about S seconds (rounds from a calibration run, at least 10). A sample is the run's wall time,
or with --metric cpu its user + system CPU time (for a shared VM, as ab's --metric cpu). Writes
RESULTS/times-P.csv (every sample) and RESULTS/machine.txt, then reports.

report: per program, ab's estimator with the placement as the unit: for each placement k, the
median over rounds of log(apply_k / bolt_k) (both ran in that round); apply / llvm-bolt is exp of
their mean, with a 95 % t interval over the K placements; "slower"/"faster" when the interval
lies off 1 and the ratio beyond +-1 %, "same" when the interval lies within +-1 %, else "not
resolved" (ab's verdicts at --threshold 1). Beside it the spread of each output's placement medians (max/min: what one
placement each could have said). Writes RESULTS/timed.txt (a markdown table) and prints it."""
import argparse
import concurrent.futures
import csv
import hashlib
import math
import os
import pathlib
import statistics as st
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "common"))
from student import t_quantile  # noqa: E402  (ab's interval, bench/common/student.py)

INTERLEAVE = HERE.parent / "common" / "interleave.py"
MACHINE = HERE.parent / "common" / "machine.py"
THRESHOLD = 0.01


def run_command(prog_dir, binary):
    """The workload once with BINARY (bolt.K or apply.K): timed.sh's run.sh of the program."""
    return f"{prog_dir}/run.sh {binary}"


def placements(prog_dir):
    return sorted({int(line.split("\t")[1]) for line in
                   (prog_dir / "placements.txt").read_text().splitlines()})


def check_output(prog_dir, binary):
    """The first run of each program: its output must hash to what run.sh's reference build
    printed (interleave.py then keeps every later run to the same bytes)."""
    res = subprocess.run(run_command(prog_dir, binary), shell=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if res.returncode:
        sys.exit(f"timed.py: {prog_dir.name} {binary} exited {res.returncode}:\n"
                 f"{res.stderr.decode(errors='replace')[-2000:]}")
    out = res.stdout
    want = (prog_dir / "output.sha").read_text().strip()
    # run.sh hashes the outputs of the workload's lines one after another, as printed here.
    got = hashlib.sha256(out).hexdigest()[:16]
    if got != want:
        sys.exit(f"timed.py: {prog_dir.name} {binary} printed other bytes ({got} vs {want})")


def time_program(prog_dir, results, seconds, cpu, metric):
    check_output(prog_dir, "bolt.0")
    t0 = time.perf_counter()
    for _ in range(3):
        subprocess.run(run_command(prog_dir, "bolt.0"), shell=True, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    one = (time.perf_counter() - t0) / 3
    ks = placements(prog_dir)
    rounds = max(10, int(seconds / (one * 2 * len(ks))))
    lst = results / f"variants-{prog_dir.name}.txt"
    lst.write_text("".join(f"{side}\t{k}\t{run_command(prog_dir, f'{side}.{k}')}\n"
                           for k in ks for side in ("bolt", "apply")))
    res = subprocess.run(["taskset", "-c", str(cpu), sys.executable, str(INTERLEAVE), str(lst),
                          "--rounds", str(rounds), "--warmup", "1", "--same-output",
                          *(["--cpu"] if metric == "cpu" else []),
                          "--out", str(results / f"times-{prog_dir.name}.csv")],
                         stderr=subprocess.PIPE)
    lst.unlink()
    if res.returncode:
        # No samples of a program whose runs failed: report reads every times-*.csv.
        (results / f"times-{prog_dir.name}.csv").unlink(missing_ok=True)
        # interleave.py says which run failed or printed other bytes; its progress lines go.
        why = [l for l in res.stderr.decode(errors="replace").splitlines()
               if "round " not in l or "done" not in l]
        sys.exit(f"timed.py: {prog_dir.name}: the timed runs failed:\n" + "\n".join(why[-20:]))
    return prog_dir.name, rounds, one


def distinct_cores(n):
    """N CPUs this process may use, each on its own physical core, CPU 0's core left out."""
    def core(cpu):
        topo = pathlib.Path(f"/sys/devices/system/cpu/cpu{cpu}/topology")
        return tuple((topo / f).read_text().strip() for f in ("physical_package_id", "core_id"))
    seen, picked = {core(0)}, []
    for cpu in sorted(os.sched_getaffinity(0)):
        if core(cpu) not in seen:
            seen.add(core(cpu))
            picked.append(cpu)
    if len(picked) < n:
        sys.exit(f"timed.py: {n} lanes, but only {len(picked)} other physical cores")
    return picked[:n]


def run(args):
    pack, results = pathlib.Path(args.pack).resolve(), pathlib.Path(args.results)
    results.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(MACHINE)], check=True,
                   stdout=open(results / "machine.txt", "w"))
    (results / "settings.txt").write_text(
        f"metric: {args.metric}; about {args.seconds:g} s a program\n")
    progs = sorted(p for p in pack.iterdir() if (p / "placements.txt").exists())
    cpus = distinct_cores(args.lanes) if args.lanes else [int(c) for c in args.cpus.split(",")]
    print(f"timed.py: lanes on CPUs {cpus}", file=sys.stderr)
    lanes = [progs[i::len(cpus)] for i in range(len(cpus))]

    def lane(i):
        return [time_program(p, results, args.seconds, cpus[i], args.metric) for p in lanes[i]]

    with concurrent.futures.ThreadPoolExecutor(len(cpus)) as ex:
        for done in ex.map(lane, range(len(cpus))):
            for name, rounds, one in done:
                print(f"timed.py: {name}: {rounds} rounds, {one:.3f} s a run", file=sys.stderr)
    report(results)


def estimate(rows):
    """Per placement, the median over rounds of log(apply/bolt); their mean and t interval."""
    by = {}
    for r in rows:
        by.setdefault(int(r["build"]), {}).setdefault(int(r["round"]), {})[r["config"]] = \
            float(r["value"])
    per_k = {k: st.median(math.log(v["apply"] / v["bolt"]) for v in rounds.values()
                          if "apply" in v and "bolt" in v) for k, rounds in by.items()}
    logs = list(per_k.values())
    mean = st.mean(logs)
    half = t_quantile(len(logs) - 1) * st.stdev(logs) / math.sqrt(len(logs))
    medians = {side: [st.median(v[side] for v in rounds.values()) for rounds in by.values()]
               for side in ("bolt", "apply")}
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half), medians, len(by)


def verdict(ratio, lo, hi):
    """ab's judge (ABStats.cpp): slower or faster when the interval is off 1 and the estimate
    beyond the threshold, same when the interval lies within it, else not resolved."""
    if lo > 1 and ratio > 1 + THRESHOLD:
        return "slower"
    if hi < 1 and ratio < 1 - THRESHOLD:
        return "faster"
    if 1 - THRESHOLD <= lo and hi <= 1 + THRESHOLD:
        return "same"
    return "not resolved"


def report(results):
    results = pathlib.Path(results)
    settings = results / "settings.txt"
    lines = [settings.read_text().strip(), ""] if settings.exists() else []
    lines += ["| program | placements x rounds | run (s, llvm-bolt) | apply / llvm-bolt | 95 % CI "
             "| verdict (+-1 %) | placement spread llvm-bolt / apply |",
             "|---|---|---:|---:|---|---|---|"]
    for f in sorted(results.glob("times-*.csv")):
        rows = list(csv.DictReader(open(f)))
        ratio, lo, hi, med, k = estimate(rows)
        nrounds = len({r["round"] for r in rows})
        spread = " / ".join(f"{max(m) / min(m):.3f}" for m in (med["bolt"], med["apply"]))
        lines.append(f"| {f.stem[len('times-'):]} | {k} x {nrounds} | {st.median(med['bolt']):.4f} "
                     f"| {ratio:.4f} | [{lo:.4f}, {hi:.4f}] | {verdict(ratio, lo, hi)} | {spread} |")
    text = "\n".join(lines) + "\n"
    (results / "timed.txt").write_text(text)
    print(text, end="")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("pack")
    r.add_argument("results")
    r.add_argument("--seconds", type=float, default=30)
    r.add_argument("--cpus", default="0")
    r.add_argument("--lanes", type=int, default=0)
    r.add_argument("--metric", choices=("wall", "cpu"), default="wall")
    q = sub.add_parser("report")
    q.add_argument("results")
    args = p.parse_args()
    if args.cmd == "run":
        run(args)
    else:
        report(args.results)


if __name__ == "__main__":
    main()

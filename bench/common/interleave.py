#!/usr/bin/env python3
"""interleave.py: the one timing method for whole-program benches.

    interleave.py --rounds N --out times.csv LIST

LIST has one variant per line, tab-separated: CONFIG <tab> BUILD <tab> SHELL COMMAND
(blank lines and lines starting with # are skipped). Every round runs every variant once, in
a fresh random order (A B C, C A B, ...), so a slow or fast phase of the machine (these VMs
have ~2x phases lasting hundreds of ms) hits all variants alike; --warmup rounds run first
and are not recorded. A sample is the wall time of the command (perf_counter_ns around
fork/exec/wait), with --cpu the user + system CPU time of the command and everything it ran
(the rusage of waited-for children: on a shared VM, less of the other tenants than wall time),
or, with --metric REGEX, the number the command printed (group 1; e.g. a benchmark's own timer,
which leaves out its setup).

Every command must exit 0, and its output is checked so that no variant is timed doing
different work: with --same-output every stdout must equal the first one, with --expect REGEX
every stdout must match REGEX (e.g. a verified hash). The CSV keeps every sample:
round,position,config,build,value. summarize.py reads it."""
import argparse
import random
import re
import resource
import subprocess
import sys
import time


def read_variants(path):
    variants = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t", 2)
            if len(parts) != 3:
                sys.exit(f"interleave.py: {path}:{n}: want CONFIG<tab>BUILD<tab>COMMAND")
            variants.append(tuple(parts))
    if not variants:
        sys.exit(f"interleave.py: {path}: no variants")
    return variants


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_one(cmd, args, reference):
    c0 = children_cpu()
    t0 = time.perf_counter_ns()
    res = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = (time.perf_counter_ns() - t0) / 1e9
    cpu = children_cpu() - c0
    out = res.stdout.decode(errors="replace")
    if res.returncode != 0:
        sys.exit(f"interleave.py: '{cmd}' exited {res.returncode}:\n"
                 f"{res.stderr.decode(errors='replace')[-2000:]}")
    if args.expect and not re.search(args.expect, out, re.M):
        sys.exit(f"interleave.py: '{cmd}': output does not match --expect "
                 f"'{args.expect}':\n{out[-2000:]}")
    if args.same_output:
        if reference[0] is None:
            reference[0] = out
        elif out != reference[0]:
            sys.exit(f"interleave.py: '{cmd}' printed something else than the first "
                     f"variant (--same-output):\n{out[-1000:]}\n---\n{reference[0][-1000:]}")
    if args.cpu:
        return cpu
    if not args.metric:
        return wall
    m = re.search(args.metric, out + res.stderr.decode(errors="replace"), re.M)
    if not m:
        sys.exit(f"interleave.py: '{cmd}': no --metric '{args.metric}' in its output")
    return float(m.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("list")
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--out", required=True)
    metric = p.add_mutually_exclusive_group()
    metric.add_argument("--metric", help="regex; group 1 is the sample instead of wall time")
    metric.add_argument("--cpu", action="store_true",
                        help="the sample is user + system CPU time instead of wall time")
    p.add_argument("--expect", help="regex every command's stdout must match")
    p.add_argument("--same-output", action="store_true",
                   help="every command must print exactly what the first one printed")
    p.add_argument("--seed", type=int, default=1, help="seed of the per-round shuffles")
    args = p.parse_args()
    variants = read_variants(args.list)
    rng = random.Random(args.seed)
    reference = [None]
    with open(args.out, "w") as f:
        f.write("round,position,config,build,value\n")
        for r in range(-args.warmup, args.rounds):
            order = variants[:]
            rng.shuffle(order)
            for pos, (config, build, cmd) in enumerate(order):
                value = run_one(cmd, args, reference)
                if r >= 0:
                    f.write(f"{r},{pos},{config},{build},{value:.6f}\n")
            f.flush()
            if r >= 0:
                print(f"interleave.py: round {r + 1}/{args.rounds} done", file=sys.stderr,
                      flush=True)


if __name__ == "__main__":
    main()

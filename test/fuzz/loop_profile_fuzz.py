#!/usr/bin/env python3
"""loop_profile_fuzz.py - damaged loop profiles through hotalign, the
plugin's reader of -hotalign-loop-profile (a hostile input ends in
an error naming the file, within the memory ceiling and a minute).

  loop_profile_fuzz.py --llc LLC --clang CLANG --plugin SO --hotlayout BIN
                       --work DIR [--count N] [--seed S] [--timeout SEC]
                       [--memory MIB] [--jobs J] [--seed-from DIR]

Setup (in DIR/seed): test/lit/apply/Inputs/prog.c is built by CLANG (the
plugin's major) with -fbasic-block-address-map, and compiled to IR
(prog.ll, -O1); `hotlayout loops` of the binary with cli_fuzz.py's profile
writes the seed loop profile (prog.loops). `llc -load SO
-basic-block-address-map -hotalign-loop-profile=prog.loops prog.ll` must
accept the seed (exit 0). Then N cases, each the seed damaged by
cli_fuzz.py's text mutators (lines dropped, doubled or garbled, numbers
made huge, negative or not numbers, raw bytes, CRLF, tabs, emptied) and by
ones aimed at this format (a record's keyword or count of fields changed,
a function given twice, block, loop and edge IDs past the code's, hot
flags other than 0/1, counts of 2^64-1, the header's version; or, one case in
fifty, the path is a directory, /dev/zero, /dev/urandom or a pipe), run
through llc in a fresh directory under RLIMIT_AS = --memory MiB and judged:

  crash      llc died of a signal or exited with a status other than 0 or 1
  hang       it ran past --timeout (killed)
  stray      a stderr line that is not hotalign's (each must hold
             'hotalign:'; a bare 'LLVM ERROR', a stack dump)
  unnamed    exit 1 with a stderr that does not name the loop profile
  changed    the loop profile's SHA-256 differs afterwards

A failing case keeps its directory (DIR/cases/N) with cmd.txt; passing ones
are removed. The last line is "loop-profile-fuzz: N cases (A accepted, R
refused), C crashes, H hangs, S stray stderr, U unnamed errors, X changed
inputs" (then the time and rate); exit status 1 when any count but A and R
is not 0. The same --seed gives the same mutations.
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_fuzz  # noqa: E402  (its mutators, program and judges)


def mutate_aimed(text, rng):
    """Damage that knows the format: `hotlayout-loop-profile 1`,
    `threshold N`, then `function NAME` followed by `block ID COUNT`,
    `loop TARGET TAKEN ENTRIES FALLIN HOT` and `edge FROM TO COUNT` lines."""
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    fields = lines[i].split(" ")
    kind = rng.randrange(7)
    if kind == 0:  # another record's keyword, or none known
        fields[0] = rng.choice(["function", "block", "loop", "edge",
                                "threshold", "hotlayout-loop-profile", "#",
                                "Loop", ""])
    elif kind == 1:  # a function given twice, or one of no name
        names = [ln for ln in lines if ln.startswith("function ")]
        lines.insert(i, rng.choice(names) if names and rng.random() < 0.7
                     else "function")
        return "\n".join(lines)
    elif kind == 2 and fields[0] in ("block", "loop", "edge") and \
            len(fields) > 1:
        # IDs past the code's (an edge's either end)
        at = 2 if fields[0] == "edge" and len(fields) > 2 and \
            rng.random() < 0.5 else 1
        fields[at] = str(rng.choice([(1 << 32) - 1, 1 << 32, 4096, 65535,
                                     rng.randrange(64)]))
    elif kind == 3 and fields[0] in ("loop", "edge"):  # hot flag, counts
        at = rng.randrange(2, len(fields)) if len(fields) > 2 else 0
        fields[at] = rng.choice(["2", "-1", "18446744073709551615",
                                 "18446744073709551616", "0"])
    elif kind == 4:  # the header
        lines[0] = rng.choice(["hotlayout-loop-profile 2",
                               "hotlayout-loop-profile", "hotlayout-loop-"
                               "profile 1 1", "hotlayout-loop-profile 01",
                               "hotlayout-loop-profile 4294967297"])
        return "\n".join(lines)
    elif kind == 5:  # a record in a place it may not be
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(
            ["threshold 0", "threshold 18446744073709551615", "block 0 0",
             "loop 0 0 0 0 0", "loop 1 1 0 0 1", "function main",
             "edge 0 0 18446744073709551615", "edge 1 0 1", "edge 0 1"]))
        return "\n".join(lines)
    else:  # a long line
        fields.append(rng.choice(["9" * 4096, "x" * 65536]))
    lines[i] = " ".join(fields)
    return "\n".join(lines)


def mutate(data, rng):
    for _ in range(rng.choice([1, 1, 2, 3])):
        if rng.random() < 0.5:
            data = cli_fuzz.mutate_profile(data, rng)
        else:
            data = mutate_aimed(data.decode("latin-1"), rng).encode("latin-1")
    return data


# Paths that are not regular files: read without end (a device, a pipe) or
# failing obscurely (a directory).
NOT_FILES = ["directory", "/dev/zero", "/dev/urandom", "fifo"]


def seed_inputs(args):
    d = os.path.join(args.work, "seed")
    os.makedirs(d, exist_ok=True)
    prog = os.path.join(d, "prog")
    subprocess.run([args.clang, "-O1", "-fuse-ld=lld",
                    "-fbasic-block-address-map", cli_fuzz.PROGRAM, "-o",
                    prog], check=True)
    subprocess.run([args.clang, "-O1", "-S", "-emit-llvm", cli_fuzz.PROGRAM,
                    "-o", os.path.join(d, "prog.ll")], check=True)
    with open(os.path.join(d, "prog.fdata"), "w") as f:
        f.write(cli_fuzz.PROFILE)
    subprocess.run([args.hotlayout, "loops", "--quiet", prog, "--profile",
                    os.path.join(d, "prog.fdata"), "-o",
                    os.path.join(d, "prog.loops")], check=True,
                   stdout=subprocess.DEVNULL)
    return d


def llc_command(args, ir, profile):
    return [args.llc, "-load=" + args.plugin, "-O2",
            "-basic-block-address-map", "-hotalign-loop-profile=" + profile,
            ir, "-o", os.devnull]


def run_case(args, seed_dir, seed, index):
    rng = random.Random("%d/%d" % (args.seed, index))
    case = os.path.join(args.work, "cases", str(index))
    shutil.rmtree(case, ignore_errors=True)
    os.makedirs(case)
    ir = os.path.join(seed_dir, "prog.ll")
    profile = os.path.join(case, "prog.loops")
    regular = True
    if rng.random() < 0.02:
        what = rng.choice(NOT_FILES)
        if what == "directory":
            os.makedirs(profile)
        elif what == "fifo":
            os.mkfifo(profile)
        else:
            profile = what
        regular = False
    else:
        with open(profile, "wb") as f:
            f.write(mutate(seed, rng))
        before = cli_fuzz.sha(profile)
    cmd = llc_command(args, ir, profile)
    with open(os.path.join(case, "cmd.txt"), "w") as f:
        f.write(" ".join("'%s'" % a for a in cmd) + "\n")
    proc = subprocess.Popen(cmd, cwd=case, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=cli_fuzz.limit_memory(args.memory)
                            if args.memory else None)
    problems = []
    try:
        _, err = proc.communicate(timeout=args.timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        _, err = proc.communicate()
        status = None
        problems.append(("hang", "ran past %ss" % args.timeout))
    text = err.decode("latin-1")
    if status is not None and status not in (0, 1):
        problems.append(("crash", "status %d" % status))
    stray = [ln for ln in text.splitlines() if "hotalign:" not in ln]
    if stray:
        problems.append(("stray", "%d stderr lines not hotalign's, first: %r"
                         % (len(stray), stray[0][:200])))
    if status == 1 and profile not in text:
        problems.append(("unnamed", "exit 1 without naming %s" % profile))
    if regular and cli_fuzz.sha(profile) != before:
        problems.append(("changed", profile))
    if problems:
        with open(os.path.join(case, "stderr.txt"), "wb") as f:
            f.write(err)
    else:
        shutil.rmtree(case, ignore_errors=True)
    return index, status, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--llc", required=True)
    ap.add_argument("--clang", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--hotlayout", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--memory", type=int, default=2048,
                    help="address-space limit (RLIMIT_AS) in MiB; 0: none")
    ap.add_argument("--seed-from", default="",
                    help="take prog.ll and prog.loops from this directory "
                    "instead of building them")
    args = ap.parse_args()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    seed_dir = os.path.abspath(args.seed_from) if args.seed_from \
        else seed_inputs(args)
    with open(os.path.join(seed_dir, "prog.loops"), "rb") as f:
        seed = f.read()
    # The undamaged seed must be accepted, or every case fails for a reason
    # that is not the damage.
    done = subprocess.run(llc_command(args, os.path.join(seed_dir, "prog.ll"),
                                      os.path.join(seed_dir, "prog.loops")),
                          stderr=subprocess.PIPE)
    if done.returncode or done.stderr:
        print("loop-profile-fuzz: the seed is not accepted (status %d): %s" %
              (done.returncode, done.stderr.decode("latin-1").strip()))
        return 1
    counts = {"crash": 0, "hang": 0, "stray": 0, "unnamed": 0, "changed": 0}
    statuses = {}
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for index, status, problems in pool.map(
                lambda i: run_case(args, seed_dir, seed, i),
                range(args.count)):
            statuses[status] = statuses.get(status, 0) + 1
            for kind, what in problems:
                counts[kind] += 1
                print("case %d: %s: %s; reproduce: %s" % (
                    index, kind, what,
                    os.path.join(args.work, "cases", str(index), "cmd.txt")))
            sys.stdout.flush()
    elapsed = time.time() - start
    print("loop-profile-fuzz: exit statuses %s" % ", ".join(
        "%s: %d" % (k, v) for k, v in sorted(statuses.items(),
                                             key=lambda kv: str(kv[0]))))
    print("loop-profile-fuzz: %d cases (%d accepted, %d refused), %d crashes, "
          "%d hangs, %d stray stderr, %d unnamed errors, %d changed inputs "
          "(%.0f s, %.2f cases/s)" % (
              args.count, statuses.get(0, 0), statuses.get(1, 0),
              counts["crash"], counts["hang"], counts["stray"],
              counts["unnamed"], counts["changed"], elapsed,
              args.count / max(elapsed, 1e-9)))
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

"""offset-sweep.py: build one program at every start offset, with and without
the hotalign plugin, and count the builds whose hot loop straddles a line.

  offset-sweep.py --clang C --plugin SO --hotlayout H --src FILE --out DIR
                  [--function NAME] [--pads N] [-- EXTRA_CFLAGS...]

For PAD in 0..N-1 it links `C -O2 -fuse-ld=lld -DPAD=PAD FILE EXTRA` twice,
once as is ("stock") and once with -fpass-plugin=SO ("plugin"), and asks
`H check --json --function NAME` about each binary. It prints, per build:

  stock: <builds> builds, <k> loop offsets mod 64, <s> straddle
  plugin: <builds> builds, <k> loop offsets mod 64, <s> straddle

then one line per straddling build, stock builds first:

  STRADDLES <build> PAD=<n> start <0xhex> size <bytes> lines <l>

It exits 2 on any error: a failed build, a check exit status other than 0/1,
a status that disagrees with the JSON, or a build whose function has no hot
loop or more than one.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys


class SweepError(Exception):
    pass


def fail(msg):
    raise SweepError(msg)


def build_and_check(args, build, pad):
    exe = os.path.join(args.out, "%s-%02d" % (build, pad))
    cmd = [args.clang, "-O2", "-fuse-ld=lld", "-DPAD=%d" % pad, args.src,
           "-o", exe] + args.extra
    if build == "plugin":
        cmd.insert(1, "-fpass-plugin=" + args.plugin)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        fail("%s failed (%d):\n%s" % (" ".join(cmd), r.returncode, r.stderr))
    check = [args.hotlayout, "check", "--json", "--function", args.function, exe]
    r = subprocess.run(check, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        fail("%s exited %d:\n%s" % (" ".join(check), r.returncode, r.stderr))
    report = json.loads(r.stdout)
    loops = report["loops"]
    if len(loops) != 1:
        fail("%s: %d hot loops in %s, expected 1" % (exe, len(loops), args.function))
    loop = loops[0]
    if loop["straddles"] != (r.returncode == 1):
        fail("%s: check exited %d but the JSON says straddles=%s"
             % (exe, r.returncode, loop["straddles"]))
    return build, pad, loop


def main():
    p = argparse.ArgumentParser()
    for opt in ("--clang", "--plugin", "--hotlayout", "--src", "--out"):
        p.add_argument(opt, required=True)
    p.add_argument("--function", default="hot_loop")
    p.add_argument("--pads", type=int, default=64)
    p.add_argument("extra", nargs="*")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    jobs = [(b, n) for n in range(args.pads) for b in ("stock", "plugin")]
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            results = list(pool.map(lambda j: build_and_check(args, *j), jobs))
    except SweepError as e:
        sys.stderr.write("offset-sweep: error: %s\n" % e)
        sys.exit(2)
    for build in ("stock", "plugin"):
        mine = [(n, l) for b, n, l in results if b == build]
        offsets = {int(l["start"], 16) % 64 for _, l in mine}
        print("%s: %d builds, %d loop offsets mod 64, %d straddle"
              % (build, len(mine), len(offsets), sum(l["straddles"] for _, l in mine)))
    for b, n, l in sorted(results, key=lambda r: (r[0] != "stock", r[1])):
        if l["straddles"]:
            print("STRADDLES %s PAD=%d start %s size %d lines %d"
                  % (b, n, l["start"], l["size"], l["lines_touched"]))


if __name__ == "__main__":
    main()

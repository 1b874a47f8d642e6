#!/usr/bin/env python3
"""build_sweep.py: build every kernel at every pad with every build, and
measure where each build put the loop.

  build_sweep.py --clang C --plugin SO --hotlayout H --llvm-size S
                 --work DIR --layout OUT.csv [--pads 64] [--pgo PROFDIR]
                 [--kernels store8,bytesum,...] [--jobs N]

Builds (all `C -O2 -fPIC -shared -fuse-ld=lld -DKERNEL_<K> -DPAD=<n>` of
kernels.c, i.e. stock clang plus at most one change):
  stock    nothing added: LLVM's own 16-byte loop alignment
  plugin   -fpass-plugin=SO (hotalign, static hotness: no profile)
  noalign  -falign-loops=1: no loop alignment at all, so the loop takes every
           offset the code before it gives it (the placements hotalign has to
           cope with when nothing else aligns)
  pgo      plugin plus -fprofile-instr-use=PROFDIR/<K>.profdata (--pgo only)

Writes DIR/manifest.txt (`KERNEL BUILD PAD PATH`, for align_bench) and
OUT.csv, one row per build, from `H check --json --function kernel`,
`S -A` and the plugin's remarks:
  kernel,build,pad,loop_start,loop_offset,function_offset,loop_size,lines,
  min_lines,straddles,text_bytes,remark_span,remark_max_skip,remark
loop_offset is loop_start mod 64; function_offset the loop's distance from
the function's start; remark_span and remark_max_skip are hotalign's own
estimate and choice, remark "aligned" or why not (plugin and pgo builds).
Exits 1 on any failed build or check error, or when a kernel does not have
exactly one hot loop.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = ("store8", "bytesum", "branchy", "mix")
REMARK = re.compile(r"aligned hot loop: span (\d+) bytes.*max-skip (\d+)")
MISSED = re.compile(r"loop not aligned: ([^\[]*?)\s*\[")


class BuildError(Exception):
    pass


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def cflags(args, kernel, build, pad):
    flags = ["-O2", "-fPIC", "-shared", "-fuse-ld=lld",
             "-DKERNEL_%s" % kernel.upper(), "-DPAD=%d" % pad]
    if build == "noalign":
        flags.append("-falign-loops=1")
    if build in ("plugin", "pgo"):
        flags += ["-fpass-plugin=" + args.plugin, "-Rpass=hotalign",
                  "-Rpass-missed=hotalign"]
    if build == "pgo":
        # A profile that does not fit the code would silently leave pgo as
        # a static build: make that an error.
        flags += ["-fprofile-instr-use=%s/%s.profdata" % (args.pgo, kernel),
                  "-Werror=profile-instr-mismatch",
                  "-Werror=profile-instr-out-of-date",
                  "-Werror=profile-instr-unprofiled"]
    return flags


def one(args, kernel, build, pad):
    so = os.path.join(args.work, "%s-%s-%02d.so" % (kernel, build, pad))
    cmd = [args.clang] + cflags(args, kernel, build, pad) + [
        os.path.join(HERE, "kernels.c"), "-o", so]
    rc, _, err = run(cmd)
    if rc:
        raise BuildError("%s failed:\n%s" % (" ".join(cmd), err))
    span = skip = remark = ""
    m = REMARK.search(err)
    if m:
        span, skip = m.groups()
        remark = "aligned"
    m = MISSED.search(err)
    if m and not remark:
        remark = "not aligned: " + m.group(1).replace(",", ";")
    rc, out, err = run([args.hotlayout, "check", "--json", "--function",
                        "kernel", so])
    if rc not in (0, 1):
        raise BuildError("hotlayout check %s exited %d:\n%s" % (so, rc, err))
    loops = json.loads(out)["loops"]
    if len(loops) != 1:
        raise BuildError("%s: hotlayout check found %d hot loops in `kernel`, "
                         "expected 1" % (so, len(loops)))
    loop = loops[0]
    rc, out, err = run([args.llvm_size, "-A", so])
    if rc:
        raise BuildError("%s -A %s failed:\n%s" % (args.llvm_size, so, err))
    text = next(int(line.split()[1]) for line in out.splitlines()
                if line.startswith(".text "))
    start = int(loop["start"], 16)
    row = [kernel, build, pad, "%#x" % start, start % 64,
           loop["function_offset"], loop["size"], loop["lines_touched"],
           loop["min_lines"], int(loop["straddles"]), text, span, skip, remark]
    return (kernel, build, pad, so), row


def main():
    p = argparse.ArgumentParser()
    for opt in ("--clang", "--plugin", "--hotlayout", "--llvm-size", "--work",
                "--layout"):
        p.add_argument(opt, required=True)
    p.add_argument("--pads", type=int, default=64)
    p.add_argument("--pgo", help="folder with <kernel>.profdata: add pgo builds")
    p.add_argument("--kernels", default=",".join(KERNELS))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = p.parse_args()
    os.makedirs(args.work, exist_ok=True)
    builds = ["stock", "plugin", "noalign"] + (["pgo"] if args.pgo else [])
    jobs = [(k, b, n) for k in args.kernels.split(",") for b in builds
            for n in range(args.pads)]
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda j: one(args, *j), jobs))
    except BuildError as e:
        sys.stderr.write("build_sweep: error: %s\n" % e)
        sys.exit(1)
    with open(os.path.join(args.work, "manifest.txt"), "w") as f:
        for (k, b, n, so), _ in results:
            f.write("%s %s %d %s\n" % (k, b, n, so))
    with open(args.layout, "w") as f:
        f.write("kernel,build,pad,loop_start,loop_offset,function_offset,"
                "loop_size,lines,min_lines,straddles,text_bytes,remark_span,"
                "remark_max_skip,remark\n")
        for _, row in results:
            f.write(",".join(str(x) for x in row) + "\n")
    print("build_sweep: %d builds (%s x %s x %d pads)"
          % (len(results), args.kernels, ",".join(builds), args.pads))


if __name__ == "__main__":
    main()

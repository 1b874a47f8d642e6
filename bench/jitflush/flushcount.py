#!/usr/bin/env python3
"""flushcount.py: the x86 flush instructions a binary keeps, per function.

    flushcount.py [--build NAME] [--header] BINARY [FUNCTION ...]

Disassembles BINARY with llvm-objdump (env OBJDUMP, default `llvm-objdump` on PATH) and prints
one markdown row per function that holds a clflush, clflushopt or sfence (or per FUNCTION
given, in that order, zeros included) with the count of each. Static counts: a flush loop
is one instruction here, a fully unrolled one as many as it has lines; the remarks and the
source say which is which, and how often each runs is the program's business."""
import argparse
import os
import re
import subprocess
import sys

COUNTED = ("clflush", "clflushopt", "sfence")
FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")
INSN = re.compile(r"^\s*[0-9a-f]+:\s+(\S+)")


def parse(text):
    """function -> list of mnemonics."""
    funcs, current = {}, None
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            current = funcs.setdefault(m.group(1), [])
            continue
        m = INSN.match(line)
        if current is None or not m:
            continue
        current.append(m.group(1))
    return funcs


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binary")
    p.add_argument("functions", nargs="*")
    p.add_argument("--build", default="", help="first column of every row")
    p.add_argument("--header", action="store_true", help="print the table header first")
    args = p.parse_args()
    objdump = os.environ.get("OBJDUMP", "llvm-objdump")
    res = subprocess.run([objdump, "-d", "--no-show-raw-insn", args.binary],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if res.returncode != 0:
        sys.exit(f"flushcount.py: {objdump} failed on {args.binary}:\n{res.stderr}")
    funcs = parse(res.stdout)
    names = args.functions or [f for f, insns in funcs.items()
                               if any(m in COUNTED for m in insns)]
    if args.header:
        print("| build | function | " + " | ".join(COUNTED) + " |")
        print("|---|---|" + "---:|" * len(COUNTED))
    for name in names:
        if name not in funcs:
            sys.exit(f"flushcount.py: no function '{name}' in {args.binary}")
        counts = [str(funcs[name].count(k)) for k in COUNTED]
        print(f"| {args.build} | {name} | " + " | ".join(counts) + " |")


if __name__ == "__main__":
    main()

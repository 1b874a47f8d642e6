#!/usr/bin/env python3
"""clflushcount.py: how many line flushes a run of an x86-64 program executes.

    clflushcount.py [--per N] BINARY [ARG ...]

Runs BINARY ARG... under valgrind's callgrind (per-instruction execution
counts: --dump-instr=yes), finds every clflush, clflushopt and clwb in
BINARY's disassembly (llvm-objdump from env OBJDUMP, default on PATH) and
prints how many times each mnemonic ran, summed over its addresses:

    clflush 12345
    clflushopt 0
    clwb 0

With --per N every count is also divided by N (e.g. the programs compiled),
two decimals. BINARY must not be position independent (link with -no-pie):
callgrind reports run-time addresses, compared here with the file's. The
program's own stdout and stderr are dropped; a non-zero exit is an error.
Exact counts, not timings: each flush of one 64-byte line is one count."""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

FLUSHES = ("clflush", "clflushopt", "clwb")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)")


def flush_addresses(objdump, binary):
    res = subprocess.run([objdump, "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit("clflushcount.py: %s failed on %s:\n%s" % (objdump, binary, res.stderr))
    found = {}
    for line in res.stdout.splitlines():
        m = INSN.match(line)
        if m and m.group(2) in FLUSHES:
            found[int(m.group(1), 16)] = m.group(2)
    return found


def executed(cg_file, addresses):
    """Sums callgrind's per-instruction counts ('0xADDR LINE Ir') at addresses."""
    counts = collections.Counter()
    with open(cg_file) as f:
        for line in f:
            if not line.startswith("0x"):
                continue
            parts = line.split()
            addr = int(parts[0], 16)
            if addr in addresses and len(parts) >= 3:
                counts[addresses[addr]] += int(parts[2])
    return counts


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--per", type=float, help="also print each count divided by this")
    p.add_argument("binary")
    p.add_argument("args", nargs="*")
    args = p.parse_args()
    objdump = os.environ.get("OBJDUMP", "llvm-objdump")
    addresses = flush_addresses(objdump, args.binary)
    with tempfile.TemporaryDirectory(prefix="clflushcount.") as tmp:
        out = os.path.join(tmp, "callgrind.out")
        res = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes",
                              "--compress-pos=no", "--compress-strings=no",
                              "--callgrind-out-file=" + out, args.binary] + args.args,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if res.returncode != 0:
            sys.exit("clflushcount.py: %s failed under callgrind:\n%s"
                     % (args.binary, res.stderr[-2000:]))
        counts = executed(out, addresses)
    for name in FLUSHES:
        line = "%s %d" % (name, counts[name])
        if args.per:
            line += " (%.2f per unit)" % (counts[name] / args.per)
        print(line)


if __name__ == "__main__":
    main()

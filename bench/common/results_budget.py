#!/usr/bin/env python3
"""results_budget.py DIR [--limit BYTES]: the bytes under DIR (bench/results),
and exit 1 when they pass the limit (default 3 000 000, bench/README.md's
rule: git keeps only what a README quotes)."""

import argparse
import os
import sys


def tree_bytes(root):
    return sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(root) for f in files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--limit", type=int, default=3_000_000)
    args = ap.parse_args()
    size = tree_bytes(args.dir)
    verdict = "within" if size <= args.limit else "OVER"
    print("%s: %d bytes, %s the %d-byte budget" % (args.dir, size, verdict,
                                                  args.limit))
    return 0 if size <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())

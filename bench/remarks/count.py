#!/usr/bin/env python3
"""Counts optimisation remarks per pass and kind, from the three places a
build can leave them, and prints one markdown table with a column each.

  count.py [--lines NAME=FILE]... [--yaml NAME=DIR]... [--passes REGEX]

--lines: text with one remark a line, as clang prints them and as
         -hotlayout-remarks-file writes them: `...: remark: ... [-Rpass=PASS]`
         (-Rpass-missed=, -Rpass-analysis= for the other kinds); other
         lines are ignored.
--yaml:  every *.opt.yaml under DIR (-fsave-optimization-record): one
         document per remark, `--- !Passed` / `!Missed` / `!Analysis` then
         `Pass: NAME`.
Rows are the (pass, kind) pairs any column has, for passes matching
--passes (default: all).
"""
import argparse
import collections
import os
import re
import sys

FLAG_KIND = {"-Rpass": "passed", "-Rpass-missed": "missed",
             "-Rpass-analysis": "analysis"}
YAML_KIND = {"Passed": "passed", "Missed": "missed", "Analysis": "analysis"}
LINE_RE = re.compile(r": remark: .*\[(-Rpass(?:-missed|-analysis)?)=([^\]]+)\]\s*$")
DOC_RE = re.compile(r"^--- !(\w+)\s*$")
PASS_RE = re.compile(r"^Pass:\s+(\S+)\s*$")


def count_lines(path):
    counts = collections.Counter()
    with open(path, errors="replace") as f:
        for line in f:
            m = LINE_RE.search(line)
            if m:
                counts[(m.group(2), FLAG_KIND[m.group(1)])] += 1
    return counts


def count_yaml(folder):
    counts = collections.Counter()
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".opt.yaml"):
                continue
            kind = None
            with open(os.path.join(root, name), errors="replace") as f:
                for line in f:
                    doc = DOC_RE.match(line)
                    if doc:
                        kind = YAML_KIND.get(doc.group(1))
                        continue
                    p = PASS_RE.match(line)
                    if p and kind:
                        counts[(p.group(1), kind)] += 1
                        kind = None
    return counts


def named(spec):
    name, sep, path = spec.partition("=")
    if not sep or not name or not path:
        raise argparse.ArgumentTypeError(f"'{spec}': expected NAME=PATH")
    return name, path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=named, action="append", default=[])
    ap.add_argument("--yaml", type=named, action="append", default=[])
    ap.add_argument("--passes", default="")
    args = ap.parse_args()
    columns = []
    for name, path in args.lines:
        if not os.path.isfile(path):
            sys.exit(f"count.py: {path}: no such file (column {name})")
        columns.append((name, count_lines(path)))
    for name, path in args.yaml:
        if not os.path.isdir(path):
            sys.exit(f"count.py: {path}: no such folder (column {name})")
        columns.append((name, count_yaml(path)))
    if not columns:
        sys.exit("count.py: give at least one --lines or --yaml column")
    keep = re.compile(args.passes)
    rows = sorted({k for _, c in columns for k in c if keep.search(k[0])})
    print("| pass | kind | " + " | ".join(n for n, _ in columns) + " |")
    print("|---|---|" + "---:|" * len(columns))
    for pass_name, kind in rows:
        cells = " | ".join(str(c[(pass_name, kind)]) for _, c in columns)
        print(f"| {pass_name} | {kind} | {cells} |")
    totals = " | ".join(
        str(sum(v for k, v in c.items() if keep.search(k[0]))) for _, c in columns)
    print(f"| all | all | {totals} |")


if __name__ == "__main__":
    main()

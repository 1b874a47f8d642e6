#!/usr/bin/env python3
"""Cuts a MIR file down to what llc 19 and llc 22 both parse the same way.

The run-pass-*.mir tests take their input from
  llc-22 -stop-before=stackmap-liveness f.ll -o f.mir    (hotalign's place)
  python3 minimise-mir.py f.mir > input.mir
MIR written by one major does not parse in the other (llc 22 wants
`savePoint` as a list, llc 19 rejects `hasFakeUses`), so only the IR module
and each function's name, alignment, liveness flag, live-ins, jump tables
and body are kept; the parser fills in the rest.
"""
import sys

KEEP = ("name:", "alignment:", "tracksRegLiveness:", "liveins:", "jumpTable:",
        "body:")


def minimise(lines):
    out, keep, in_ir = [], False, False
    for line in lines:
        if line.startswith("--- |"):
            in_ir = True
        elif line.startswith("..."):
            in_ir = False
        if in_ir or line.startswith(("---", "...")):
            if "ModuleID" not in line and "source_filename" not in line:
                out.append(line)
            continue
        if not line.startswith(" "):  # a top-level key of the function
            keep = line.startswith(KEEP)
        if keep:
            out.append(line)
    return out


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        sys.stdout.write("".join(minimise(f)))

#!/usr/bin/env python3
"""`function-code.py FUNCTION < llvm-objdump -d output`: FUNCTION's code, one
instruction a line, as its offset from the function's start, its bytes and
its text; an instruction that refers outside the function (a call, a jump to
another function, a %rip-relative load) keeps its text and the name it
refers to, but not its bytes or addresses, which change wherever the code
moves (apply's code hash masks the same fields by their relocations).
The int3 bytes after its last instruction are the linker's padding before
the next function, and the zeros after it in apply's output (llvm-objdump's
`...`, then what is left of the run decoded as `addb`, perhaps with the
next function's first bytes) the rest of its
reservation, which the symbol's size covers there: neither is its code, both
are left out. Two builds print the same lines
exactly when FUNCTION's code is the same, byte for byte, at the same
offsets."""
import re
import sys

name = sys.argv[1]
start = None
inside = False
lines = []
for line in sys.stdin:
    head = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
    if head:
        inside = head.group(2) == name
        start = int(head.group(1), 16) if inside else None
        continue
    if not inside:
        continue
    if line.strip() == "...":
        lines.append(None)
        continue
    insn = re.match(r"^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)\s*(.*)$", line)
    if not insn:
        continue
    offset = int(insn.group(1), 16) - start
    raw, text = insn.group(2).strip(), insn.group(3).strip()
    refs = re.findall(r"<([^>+]+)(?:\+0x[0-9a-f]+)?>", text)
    outside = [r for r in refs if r != name]
    if outside:
        mnemonic = text.split()[0]
        lines.append("%#x %s -> %s" % (offset, mnemonic, " ".join(outside)))
    else:
        # In-function targets are printed as absolute addresses: drop them,
        # the bytes already hold the displacement.
        lines.append("%#x %s %s" % (offset, raw,
                                    re.sub(r"0x[0-9a-f]+ ", "", text)))

def fill(line):
    return (line is None or line.endswith(" cc int3")
            or re.match(r"^0x[0-9a-f]+ (?:00 )+addb\s+%al, \(%rax\)$", line)
            is not None)


def zero_run_tail(lines):
    """The last line, when it starts with a zero byte right after the
    `...` of a zero run: the run's last bytes, which llvm-objdump may decode
    together with the first bytes past the symbol (`00 48 b8 addb %cl, ...`:
    the next function's movabs)."""
    return (len(lines) > 1 and lines[-2] is None and lines[-1] is not None
            and re.match(r"^0x[0-9a-f]+ 00 ", lines[-1]) is not None)


while lines and (fill(lines[-1]) or zero_run_tail(lines)):
    lines.pop()
lines = ["..." if line is None else line for line in lines]
for line in lines:
    print(line)

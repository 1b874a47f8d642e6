#!/usr/bin/env python3
"""rename.py IN OUT [--func]: a copy of IN (ELF64, little-endian) in which every local
`NAME.cold[.N]` symbol is named `NAME_cold[.N]` (the `.` in .strtab becomes `_`: same length,
nothing else moves) and, with --func, an STT_NOTYPE one is typed STT_FUNC. llvm-bolt 22 then
does not take it for a fragment of NAME (its regex `(.*)\\.(cold|warm)(\\.[0-9]+)?`).
Prints each name it renamed. IN is only read."""
import re
import struct
import sys

src, dst = sys.argv[1], sys.argv[2]
func = '--func' in sys.argv[3:]
d = bytearray(open(src, 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
shentsize, shnum, _ = struct.unpack_from('<HHH', d, 0x3a)
secs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
for s in secs:
    if s[1] != 2:  # SHT_SYMTAB
        continue
    stroff = secs[s[6]][4]
    for i in range(s[5] // 24):
        o = s[4] + i * 24
        name, info = struct.unpack_from('<IB', d, o)
        end = d.index(b'\0', stroff + name)
        nm = d[stroff + name:end].decode()
        m = re.match(r'^(.+)\.cold(\.[0-9]+)?$', nm)
        if not m:
            continue
        # A prototype: a name whose bytes a linker shares with another symbol's (tail
        # merging) would rename that one too; not checked.
        d[stroff + name + len(m.group(1))] = ord('_')
        if func and (info & 0xf) == 0:
            d[o + 4] = (info & 0xf0) | 2
        print('renamed', nm)
open(dst, 'wb').write(d)

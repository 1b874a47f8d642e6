#!/usr/bin/env python3
"""lock-script.py LOCK PAD MODE [GAP_AFTER] > SCRIPT: an ld.lld script (OVERWRITE_SECTIONS, the
default layout otherwise) that puts the hot section of each function of a hotlayout lock
(.text.NAME or .text.hot.NAME: with -fbasic-block-sections=list= and its cold blocks split off,
NAME's hot part) into .text, from a 4 KiB boundary plus PAD bytes:
  lock    at base + offset + shift (MAX: a function that outgrew its reservation pushes the
          next one on, where apply would report it moved)
  packed  in the lock's order, end to end at each section's own alignment
  none    no function named: ld.lld's order alone (the build's --symbol-ordering-file)
GAP_AFTER: 64 bytes more after that function (another draw of the same layout).
The experiment of README.md, not a hotlayout feature."""
import json
import sys

lock, pad, mode = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
gap_after = sys.argv[4] if len(sys.argv) > 4 else None
print("OVERWRITE_SECTIONS {\n  .text : {")
print(f"    . = ALIGN(4096) + {pad};\n    __hl_lock_base = .;")
for f in [] if mode == 'none' else sorted(lock['functions'], key=lambda f: f['offset']):
    at = '' if mode == 'packed' else f". = MAX(., __hl_lock_base + {f['offset'] + f['shift']}); "
    print(f"    {at}*(.text.{f['name']} .text.hot.{f['name']})")
    if f['name'] == gap_after:
        print("    . += 64;")
print("""    *(.text.unlikely .text.*_unlikely .text.unlikely.*)
    *(.text.exit .text.exit.*)
    *(.text.startup .text.startup.*)
    *(.text.hot .text.hot.*)
    *(.text .text.*)
  }
}""")

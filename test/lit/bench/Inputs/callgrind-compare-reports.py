"""callgrind-loops-code-outside-text.test: compares two callgrind_loops.py report --json
outputs of builds of Inputs/callgrind-other-section.c (the loops of sum and twice, the
binary's instructions and taken jumps; the first's instructions outside .text)."""
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
count = {}
for lp in a['loops']:
    # C++ builds name them by their symbols: _Z3sum..., _Z5twice...
    name = next((n for n in ('sum', 'twice') if n in lp['function']), lp['function'])
    count.setdefault(name, []).append(lp['taken'])
print(f"loops: sum {len(count.get('sum', []))}, twice {len(count.get('twice', []))}; "
      f"counts equal: {count.get('sum') == count.get('twice')}")
sa, sb = a['summary'], b['summary']
print(f"instructions equal: {sa['instructions'] == sb['instructions']}; "
      f"taken jumps equal: {sa['taken_jumps'] == sb['taken_jumps']}")
print(f"outside .text: {sa['instructions_outside_text']}")

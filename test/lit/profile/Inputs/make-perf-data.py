"""make-perf-data.py OUT [--branch-stack]: write the header of a perf.data
file (perf's PERFILE2 format) with one event attribute, sampling branch
stacks (PERF_SAMPLE_BRANCH_STACK) or not. No samples: enough for hotlayout
profile to read the header, not for perf2bolt."""
import struct
import sys

out = sys.argv[1]
sample_type = 0x7 | ((1 << 11) if "--branch-stack" in sys.argv else 0)
attr = struct.pack("<IIQQQ", 0, 128, 0, 4000, sample_type).ljust(128, b"\0")
ids = struct.pack("<QQ", 0, 0)
header_size = 104
attrs = attr + ids
header = b"PERFILE2" + struct.pack("<QQ", header_size, len(attrs))
header += struct.pack("<QQ", header_size, len(attrs))          # attrs
header += struct.pack("<QQ", header_size + len(attrs), 0)       # data
header += struct.pack("<QQ", 0, 0)                              # event_types
header = header.ljust(header_size, b"\0")                       # features
with open(out, "wb") as f:
    f.write(header + attrs)

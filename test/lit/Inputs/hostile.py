#!/usr/bin/env python3
"""hostile.py - small damaged inputs for the hostile-input tests (issue 32),
made from a good one in a RUN line, so no damaged binary is committed.

  hostile.py limit MIB -- CMD...      run CMD under RLIMIT_AS = MIB MiB; exit
                                      with its status (128+N for signal N)
  hostile.py succ-count IN OUT        the first successor count of
                                      .llvm_bb_addr_map (-pgo-analysis-map=
                                      ...,br-prob) overwritten, in place, by
                                      a 10-byte ULEB128 of 2^64-1
  hostile.py compress IN OUT SECTION  SECTION marked SHF_COMPRESSED with a
                                      zlib header claiming 2^40 bytes
  hostile.py sh-info IN OUT SECTION V SECTION's sh_info set to V
  hostile.py align IN OUT SECTION V   SECTION's sh_addralign set to V
  hostile.py entsize IN OUT SECTION V SECTION's sh_entsize set to V
  hostile.py nest IN OUT DEPTH        a lock whose "functions" array holds
                                      its entries DEPTH arrays deep
  hostile.py shift IN OUT V           the lock's first stored shift set to V
                                      (one added, 16 bytes emitted, if none)
"""
import resource
import struct
import subprocess
import sys

SHT_BB_ADDR_MAP = 0x6fff4c0a


def sections(data):
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    heads = []
    for i in range(shnum):
        h = shoff + i * shentsize
        name, typ, flags, addr, off, size = struct.unpack_from("<IIQQQQ", data,
                                                               h)
        heads.append((name, typ, off, size, h))
    stroff = heads[shstrndx][2]
    for name, typ, off, size, h in heads:
        end = data.index(b"\0", stroff + name)
        yield data[stroff + name:end].decode(), typ, off, size, h


def find(data, wanted):
    for name, typ, off, size, h in sections(data):
        if name == wanted or typ == wanted:
            return off, size, h
    sys.exit("hostile.py: no section %s" % wanted)


def uleb(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7f) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def succ_count_offset(data, off):
    """Offset of the first successor count in the map at off: version,
    features (func-entry-count, bb-freq, br-prob, no other), address, block
    count, blocks (ID, offset, size, metadata), entry count, then the first
    block's frequency, then its successor count."""
    version = data[off]
    # Version 5 (clang 22) has a 16-bit feature field, 2-4 an 8-bit one.
    width = 2 if version == 5 else 1
    feature = int.from_bytes(data[off + 1:off + 1 + width], "little")
    if version < 2 or version > 5 or feature != 0x07:
        sys.exit("hostile.py: map version %d features %#x; expected "
                 "version 2-5 with func-entry-count,bb-freq,br-prob only"
                 % (version, feature))
    at = off + 1 + width + 8
    blocks, at = uleb(data, at)
    for _ in range(blocks * 4):
        _, at = uleb(data, at)
    _, at = uleb(data, at)  # entry count
    _, at = uleb(data, at)  # first block's frequency
    return at


def main(argv):
    if argv[0] == "limit":
        limit = int(argv[1]) << 20
        assert argv[2] == "--"
        status = subprocess.call(argv[3:], preexec_fn=lambda: resource.setrlimit(
            resource.RLIMIT_AS, (limit, limit)))
        return 128 - status if status < 0 else status
    if argv[0] == "nest":
        text = open(argv[1]).read()
        depth = int(argv[3])
        text = text.replace('"functions": [', '"functions": [' + "[" * depth, 1)
        # Balanced: the functions array's own ']' closes the last line.
        end = text.rindex("]")
        text = text[:end] + "]" * depth + text[end:]
        open(argv[2], "w").write(text)
        return 0
    if argv[0] == "shift":
        import re
        text = open(argv[1]).read()
        if re.search(r'"shift":\d+', text):  # plan stored its own choice
            text = re.sub(r'"shift":\d+', '"shift":%s' % argv[3], text, 1)
        else:
            text = text.replace('"hash":', '"shift":%s,"emitted_size":16,'
                                '"code_hash":"0","hash":' % argv[3], 1)
        open(argv[2], "w").write(text)
        return 0
    data = bytearray(open(argv[1], "rb").read())
    if argv[0] == "succ-count":
        off, size, _ = find(data, SHT_BB_ADDR_MAP)
        at = succ_count_offset(data, off)
        huge = b"\xff" * 9 + b"\x01"
        assert at + len(huge) <= off + size
        data[at:at + len(huge)] = huge
    elif argv[0] == "compress":
        off, size, h = find(data, argv[3])
        flags = struct.unpack_from("<Q", data, h + 8)[0]
        struct.pack_into("<Q", data, h + 8, flags | 0x800)  # SHF_COMPRESSED
        # Elf64_Chdr: ELFCOMPRESS_ZLIB, reserved, size 2^40, alignment 1.
        struct.pack_into("<IIQQ", data, off, 1, 0, 1 << 40, 1)
    elif argv[0] == "sh-info":
        _, _, h = find(data, argv[3])
        struct.pack_into("<I", data, h + 44, int(argv[4], 0))
    elif argv[0] == "align":
        _, _, h = find(data, argv[3])
        struct.pack_into("<Q", data, h + 48, int(argv[4], 0))
    elif argv[0] == "entsize":
        _, _, h = find(data, argv[3])
        struct.pack_into("<Q", data, h + 56, int(argv[4], 0))
    else:
        sys.exit("hostile.py: unknown command %s" % argv[0])
    open(argv[2], "wb").write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

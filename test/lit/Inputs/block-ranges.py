#!/usr/bin/env python3
"""`block-ranges.py FUNCTION [CLUSTERS]` reads `llvm-readobj --bb-addr-map` on
stdin and prints FUNCTION's block IDs, one line per address range, in address
order: `range: 0 2 4`. With CLUSTERS (a -fbasic-block-sections=list= file),
it also prints `order: follows-layout` when FUNCTION's cluster lists its IDs
in the order of the first range read (the compiler's order), else
`order: reordered`, or `order: unlisted` when the file names no FUNCTION.
Tests use it to compare a block order with the objects built from it."""
import sys


def ranges(lines, function):
    # A block's ID is the first "ID:" after its range's "Base Address:", at
    # that depth: the PGO map's successor lists name IDs deeper down.
    out, inside, depth = [], False, None
    for line in lines:
        words = line.split()
        if words[:1] == ["Name:"]:
            inside = words[1:] == [function]
            continue
        if not inside:
            continue
        indent = len(line) - len(line.lstrip())
        if words[:2] == ["Base", "Address:"]:
            out.append([])
        elif words[:1] == ["ID:"] and out and depth in (None, indent):
            depth = indent
            out[-1].append(words[1])
    return out


def cluster(path, function):
    current = None
    with open(path) as f:
        for line in f:
            words = line.split()
            if words[:1] == ["f"]:
                current = words[1:]
            elif words[:1] == ["c"] and function in (current or []):
                return words[1:]
    return None


def main():
    function = sys.argv[1]
    found = ranges(sys.stdin, function)
    if not found:
        sys.exit("block-ranges.py: no function %s in the map" % function)
    for ids in found:
        print("range: " + " ".join(ids))
    if len(sys.argv) > 2:
        ids = cluster(sys.argv[2], function)
        if ids is None:
            print("order: unlisted")
            return
        layout = found[0]
        positions = [layout.index(i) for i in ids if i in layout]
        print("order: " + ("follows-layout" if positions == sorted(positions)
                           else "reordered"))


main()

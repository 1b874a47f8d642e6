"""same-address.py NM FUNC[,FUNC...] BINARY...

Reads each BINARY's symbols with NM (llvm-nm) and prints, for each FUNC,
`FUNC: same 0xADDR` when it is at one address in every BINARY, else
`FUNC: differs 0xA 0xB ...` (or `missing in BINARY`), then the summary
`identical addresses: N of M functions in K binaries`. Always exits 0 when
the binaries could be read: the test's FileCheck judges the lines."""
import subprocess
import sys


def symbols(nm, path):
    out = subprocess.run([nm, "--defined-only", path], check=True,
                         capture_output=True, text=True).stdout
    addrs = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            addrs.setdefault(parts[2], int(parts[0], 16))
    return addrs


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    nm, funcs, binaries = sys.argv[1], sys.argv[2].split(","), sys.argv[3:]
    tables = [symbols(nm, b) for b in binaries]
    same = 0
    for f in funcs:
        missing = [b for b, t in zip(binaries, tables) if f not in t]
        if missing:
            print("%s: missing in %s" % (f, " ".join(missing)))
            continue
        addrs = [t[f] for t in tables]
        if len(set(addrs)) == 1:
            same += 1
            print("%s: same 0x%x" % (f, addrs[0]))
        else:
            print("%s: differs %s" % (f, " ".join("0x%x" % a for a in addrs)))
    print("identical addresses: %d of %d functions in %d binaries"
          % (same, len(funcs), len(binaries)))


main()

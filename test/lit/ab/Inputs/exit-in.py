"""exit-in.py STATUSES COMMAND...: run COMMAND, pass its output through, and
succeed only when its exit status is one of STATUSES (a space-separated list,
e.g. "0 1"; a single number works as test/lit/check's expect-exit.py)."""
import subprocess
import sys

want = [int(s) for s in sys.argv[1].split()]
got = subprocess.call(sys.argv[2:])
if got not in want:
    sys.stderr.write("exit-in: wanted exit status in %s, got %d\n" % (want, got))
    sys.exit(1)

"""expect-exit.py STATUS COMMAND...: run COMMAND, pass its output through, and
succeed only when it exits with exactly STATUS (lit's `not` accepts any
non-zero status, and hotlayout check gives 1 for findings but 2 for errors)."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect-exit: wanted exit status %d, got %d\n" % (want, got))
    sys.exit(1)

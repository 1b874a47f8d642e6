"""expect-exit.py STATUS COMMAND...: run COMMAND, pass its output through, and
succeed only when it exits with exactly STATUS (lit's `not` accepts any
non-zero status, and hotlayout check gives 1 for findings but 2 for errors).
STATUS may list several, space-separated and quoted ("0 1"), for a command
whose status a timing decides (ab's verdict): then any of them passes."""
import subprocess
import sys

want = [int(s) for s in sys.argv[1].split()]
got = subprocess.call(sys.argv[2:])
if got not in want:
    sys.stderr.write("expect-exit: wanted exit status %s, got %d\n"
                     % (" or ".join(map(str, want)), got))
    sys.exit(1)

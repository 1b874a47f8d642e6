"""interrupt.py [--group] SIGNAL MARKER -- COMMAND...: start COMMAND in a new
session with SIGINT, SIGTERM and SIGHUP at their defaults (a shell script's
background job would start with SIGINT ignored), wait until the file MARKER
exists (the command is then in the step to interrupt), send SIGNAL (INT, TERM
or HUP) to its process id, or with --group to its whole process group as a
terminal's Ctrl-C does, wait for it and print "exit STATUS". Its stderr
passes through. Fails when MARKER does not appear within 120 s or the
command does not end within 60 s of the signal."""
import os
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
group = args[0] == "--group"
if group:
    args = args[1:]
sig = getattr(signal, "SIG" + args[0])
marker = args[1]
assert args[2] == "--"
command = args[3:]


def defaults():
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_DFL)


proc = subprocess.Popen(command, start_new_session=True, preexec_fn=defaults)
deadline = time.time() + 120
while not os.path.exists(marker):
    if proc.poll() is not None:
        sys.exit("interrupt.py: the command ended (status %d) before %s "
                 "appeared" % (proc.returncode, marker))
    if time.time() > deadline:
        proc.kill()
        sys.exit("interrupt.py: %s did not appear" % marker)
    time.sleep(0.05)
if group:
    os.killpg(proc.pid, sig)
else:
    os.kill(proc.pid, sig)
try:
    status = proc.wait(timeout=60)
except subprocess.TimeoutExpired:
    os.killpg(proc.pid, signal.SIGKILL)
    sys.exit("interrupt.py: the command did not stop within 60 s")
# A child killed by a signal shows as -N here; the shell's view is 128+N.
print("exit %d" % (status if status >= 0 else 128 - status))
sys.stdout.flush()

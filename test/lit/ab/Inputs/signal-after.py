"""signal-after.py SIGNAL TEXT COMMAND...: run COMMAND with SIGINT at its
default (a shell's background job would start with it ignored), pass its
stdout through, and send it SIGNAL (a number) once a line of its stderr
contains TEXT. Prints "exit status N" last, N as a shell reports it."""
import signal
import subprocess
import sys

sig, text, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
p = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True,
                     preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                      signal.SIG_DFL))
sent = False
for line in p.stderr:
    sys.stderr.write(line)
    if not sent and text in line:
        p.send_signal(sig)
        sent = True
rc = p.wait()
sys.stdout.flush()
print("exit status %d" % (rc if rc >= 0 else 128 - rc))

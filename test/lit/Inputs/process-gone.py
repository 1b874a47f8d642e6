"""process-gone.py PIDFILE: succeed once the process whose pid PIDFILE holds
has ended (no such process, or a zombie not yet reaped), within 5 s; fail
while it still runs."""
import sys
import time

pid = open(sys.argv[1]).read().strip()
deadline = time.time() + 5
while time.time() < deadline:
    try:
        with open("/proc/%s/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        sys.exit(0)
    if state == "Z":
        sys.exit(0)
    time.sleep(0.05)
sys.exit("process-gone.py: process %s still runs" % pid)

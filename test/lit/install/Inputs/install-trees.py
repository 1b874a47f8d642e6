#!/usr/bin/env python3
"""install-trees.py --tree TREE... [--strip] PREFIX: `cmake --install` of each
build tree into PREFIX, in order (the CLI's tree first, then the plugin-only
trees of other majors), as a user installs both majors. Quiet unless one
fails; exits with its status."""
import argparse
import subprocess
import sys

p = argparse.ArgumentParser()
p.add_argument("--tree", action="append", required=True)
p.add_argument("--strip", action="store_true")
p.add_argument("prefix")
a = p.parse_args()
for tree in a.tree:
    cmd = ["cmake", "--install", tree, "--prefix", a.prefix]
    if a.strip:
        cmd.append("--strip")
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout)
        sys.stderr.write("install-trees.py: %s failed (exit %d)\n"
                         % (" ".join(cmd), r.returncode))
        sys.exit(r.returncode)

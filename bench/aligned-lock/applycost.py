#!/usr/bin/env python3
"""applycost.py HOTLAYOUT WORK ROUNDS PROGRAM...: apply with the choices in its lock against
one plain llvm-bolt run and one llvm-bolt run with apply's options.

Run after run.sh, on its WORK folder (each PROGRAM's `in`, `in.lock` with apply's choices,
`p-in.fdata`). Per program: one `hotlayout apply in --lock in.lock` through an llvm-bolt
wrapper that keeps a copy of the command line, the function order file and the profile apply
gives llvm-bolt; "same options" is that command without its placement specs (-pad-funcs,
-pad-funcs-before); "plain" is llvm-bolt with the profile and run.sh's BOLTFLAGS, the
plain llvm-bolt of the tables. Then ROUNDS rounds, the three commands in rotating order, each
timed as the CPU (user + system) of the command and its children (wait4) and as wall time.
Prints per program one JSON line: the per-round ratios apply / plain and apply / same options,
median with the 10th and 90th percentiles, for CPU and wall, and the medians in seconds.

env: LLVM_BIN (/usr/lib/llvm-22/bin), BOLTFLAGS (run.sh's).
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

LLVM = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
BOLTFLAGS = os.environ.get('BOLTFLAGS', '-reorder-functions=cdsort -reorder-blocks=ext-tsp '
                           '-split-functions -split-all-cold -lite=0 -enable-bat').split()


def wrapper(folder):
    """An llvm-bolt that copies its command line, order file and profile to $COST_KEEP.*."""
    os.makedirs(folder)
    with open(os.path.join(folder, 'llvm-bolt'), 'w') as f:
        f.write(f'''#!/bin/sh
case " $* " in *" --version "*|*" --help-hidden "*) exec "{LLVM}/llvm-bolt" "$@" ;; esac
for a in "$@"; do
  case $a in
    -function-order=*) cp "${{a#-function-order=}}" "$COST_KEEP.order" ;;
    -data=*) cp "${{a#-data=}}" "$COST_KEEP.fdata" ;;
  esac
done
printf '%s\\n' "$@" > "$COST_KEEP.args"
exec "{LLVM}/llvm-bolt" "$@"
''')
    os.chmod(os.path.join(folder, 'llvm-bolt'), 0o755)
    for tool in ('perf2bolt', 'merge-fdata'):
        os.symlink(os.path.join(LLVM, tool), os.path.join(folder, tool))


def timed(cmd, cwd):
    """CPU seconds of CMD and its children, and wall seconds."""
    start = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # apply exits 1 when a loop straddles
        sys.exit(f'applycost: {cmd[0]} failed in {cwd}')
    return usage.ru_utime + usage.ru_stime, time.time() - start


def same_options(args, keep, out):
    """llvm-bolt with apply's ARGS, no placement specs, the kept order file and profile."""
    cmd, skip = [os.path.join(LLVM, 'llvm-bolt')], False
    for a in args:
        if skip:
            skip = False
        elif a == '-o':
            cmd += ['-o', out]
            skip = True
        elif a.startswith('-pad-funcs'):
            pass
        elif a.startswith('-function-order='):
            cmd.append('-function-order=' + keep + '.order')
        elif a.startswith('-data='):
            cmd.append('-data=' + keep + '.fdata')
        else:
            cmd.append(a)
    return cmd


def spread(xs):
    xs = sorted(xs)
    return [round(statistics.median(xs), 3), round(xs[int(0.1 * (len(xs) - 1))], 3),
            round(xs[int(0.9 * (len(xs) - 1))], 3)]


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__.splitlines()[0])
    hotlayout, work = os.path.abspath(sys.argv[1]), sys.argv[2]
    rounds, programs = int(sys.argv[3]), sys.argv[4:]
    tmp = tempfile.mkdtemp(prefix='applycost.')
    try:
        wrapper(os.path.join(tmp, 'bolt'))
        for p in programs:
            cwd = os.path.join(work, p)
            for f in ('in', 'in.lock', 'p-in.fdata'):
                if not os.path.exists(os.path.join(cwd, f)):
                    sys.exit(f'applycost: {os.path.join(cwd, f)} is missing: run '
                             f'bench/aligned-lock/run.sh {p} first (same WORK)')
            keep = os.path.join(tmp, p)
            apply = [hotlayout, 'apply', 'in', '--lock', 'in.lock', '--profile', 'p-in.fdata',
                     '-o', keep + '.apply']
            subprocess.run(apply + ['--bolt-dir', os.path.join(tmp, 'bolt')], cwd=cwd,
                           env=dict(os.environ, COST_KEEP=keep), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            if not os.path.exists(keep + '.args'):
                sys.exit(f'applycost: apply ran no llvm-bolt in {cwd}')
            args = open(keep + '.args').read().splitlines()
            cmds = {'apply': apply, 'same': same_options(args, keep, keep + '.same'),
                    'plain': [os.path.join(LLVM, 'llvm-bolt'), 'in', '-o', keep + '.plain',
                              '-data=p-in.fdata'] + BOLTFLAGS}
            got = {k: [] for k in cmds}
            order = list(cmds)
            for i in range(rounds):
                for k in order[i % 3:] + order[:i % 3]:
                    got[k].append(timed(cmds[k], cwd))

            def ratios(base, what):
                return spread([a[what] / b[what] for a, b in zip(got['apply'], got[base])])
            print(p, json.dumps({
                'rounds': rounds,
                'placement_specs': sum(a.startswith('-pad-funcs') for a in args),
                'cpu_ratio_to_plain_median_p10_p90': ratios('plain', 0),
                'wall_ratio_to_plain_median_p10_p90': ratios('plain', 1),
                'cpu_ratio_median_p10_p90': ratios('same', 0),
                'wall_ratio_median_p10_p90': ratios('same', 1),
                'apply_cpu_s': round(statistics.median(t[0] for t in got['apply']), 4),
                'plain_cpu_s': round(statistics.median(t[0] for t in got['plain']), 4),
                'same_cpu_s': round(statistics.median(t[0] for t in got['same']), 4)}), flush=True)
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    main()

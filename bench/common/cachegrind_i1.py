#!/usr/bin/env python3
"""cachegrind_i1.py: simulated instruction-cache misses of a run, as issue 30 compares them.

  cachegrind_i1.py run --i1 SIZE,ASSOC,LINE -o OUT -- PROGRAM [ARGS...]
      runs PROGRAM under valgrind's cachegrind with its cache simulation on and the first-level
      instruction cache given (e.g. 8192,8,64: 8 KiB, 8-way, 64-byte lines; the other caches
      are the host's); stdin, stdout and the program's stderr pass through; exits with the
      program's status.
  cachegrind_i1.py run --i1 SIZE,ASSOC,LINE --per-object -o OUT -- PROGRAM [ARGS...]
      the same cache simulated by callgrind, which writes each object's costs apart (cachegrind
      names only files and functions): for the code of one object, such as a library
      preloaded into a host whose own code is not the one measured.
  cachegrind_i1.py misses [--object BINARY] OUT [OUT...]
      prints the summed I1 misses and instructions of the OUT files (the whole process: the
      program, the loader and libc), `I1mr Ir`; with --object, those of BINARY's code alone
      (outputs of `run --per-object`; BINARY: the file that ran, or one of its name).

What moves the counts between runs of one binary is where the process's other objects are
mapped: run it with no address randomization (setarch -R; bench/aligned-lock's runs do), or
libc at random addresses moves the I1 misses by up to 7 % (measured: Lua, 8 KiB).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_loops import (Error, parse_name, run_under_valgrind,  # noqa: E402
                             same_object)  # one way to run valgrind and to name its objects


def open_output(path, run='run'):
    """PATH opened, or an Error saying how to record it (`cachegrind_i1.py RUN`)."""
    try:
        return open(path)
    except OSError as e:
        raise Error(f"cannot read '{path}': {e.strerror}; record it with `cachegrind_i1.py {run}`")


def summary(path):
    """{event: count} of one cachegrind output's `summary:` line."""
    events = None
    with open_output(path) as f:
        for line in f:
            if line.startswith('events:'):
                events = line.split()[1:]
            elif line.startswith('summary:'):
                if events is None:
                    break
                return dict(zip(events, map(int, line.split()[1:])))
    raise Error(f"'{path}' has no events and summary lines; is it a cachegrind output?")


def i1_misses(paths):
    """(I1 misses, instructions) summed over cachegrind outputs recorded with the cache
    simulation on."""
    misses = instructions = 0
    for p in paths:
        s = summary(p)
        if 'I1mr' not in s:
            raise Error(f"'{p}' has no I1mr event; record it with valgrind --cache-sim=yes "
                        '(cachegrind_i1.py run does)')
        misses += s['I1mr']
        instructions += s['Ir']
    return misses, instructions


def object_i1_misses(paths, binary):
    """(I1 misses, instructions) of BINARY's code in callgrind outputs recorded with the cache
    simulation on (`run --per-object`): the self costs of its object, summed; a call's
    inclusive cost (the line after `calls=`) is the callee's, not counted."""
    misses = instructions = 0
    for p in paths:
        obs = {}  # the objects' compressed names: '(id) name' once, '(id)' after
        events = None
        npos = 1
        mine = skip = seen = False
        with open_output(p, 'run --per-object') as f:
            for line in f:
                c = line[:1]
                if c.isdigit() or c in '+-*':
                    if skip:
                        skip = False
                    elif mine:
                        cost = line.split()[npos:]
                        cost += ['0'] * (len(events) - len(cost))  # trailing zeros left out
                        misses += int(cost[events.index('I1mr')])
                        instructions += int(cost[events.index('Ir')])
                    continue
                key, _, value = line.rstrip('\n').partition('=')
                if key == 'ob':
                    mine = same_object(parse_name(value, obs), binary)
                    seen = seen or mine
                elif key == 'cob':
                    parse_name(value, obs)
                elif key == 'calls':
                    skip = True
                elif line.startswith('positions:'):
                    npos = len(line.split()) - 1
                elif line.startswith('events:'):
                    events = line.split()[1:]
                    if 'I1mr' not in events:
                        raise Error(f"'{p}' has no I1mr event; record it with "
                                    '`cachegrind_i1.py run --per-object`')
        if events is None:
            raise Error(f"'{p}' has no events line; is it a callgrind output?")
        if not seen:
            raise Error(f"'{p}' has no object '{binary}': a cachegrind output names none, "
                        'record it with `cachegrind_i1.py run --per-object`; or it ran another '
                        'binary')
    return misses, instructions


def cmd_run(args):
    if args.per_object:
        return run_under_valgrind(['--tool=callgrind', '--cache-sim=yes', f'--I1={args.i1}',
                                   '--compress-strings=no', '--compress-pos=no',
                                   f'--callgrind-out-file={args.out}'], args.command)
    return run_under_valgrind(['--tool=cachegrind', '--cache-sim=yes', f'--I1={args.i1}',
                               f'--cachegrind-out-file={args.out}'], args.command)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run', help='record a run under cachegrind')
    r.add_argument('--i1', required=True, help='SIZE,ASSOC,LINE of the I1 cache, e.g. 8192,8,64')
    r.add_argument('--per-object', action='store_true',
                   help="callgrind's simulation, each object's costs apart (misses --object)")
    r.add_argument('-o', '--out', required=True, help='cachegrind output file')
    r.add_argument('command', nargs=argparse.REMAINDER, help='-- PROGRAM [ARGS...]')
    m = sub.add_parser('misses', help='summed I1 misses and instructions of cachegrind outputs')
    m.add_argument('--object', help="only this binary's code (outputs of run --per-object)")
    m.add_argument('outputs', nargs='+')
    args = p.parse_args(argv)
    if args.cmd == 'run' and args.command[:1] == ['--']:
        args.command = args.command[1:]
    try:
        if args.cmd == 'run':
            return cmd_run(args)
        if args.object:
            print(*object_i1_misses(args.outputs, args.object))
        else:
            print(*i1_misses(args.outputs))
        return 0
    except Error as e:
        print(f'cachegrind_i1.py: error: {e}', file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""callgrind_loops.py: which hot loops of a program straddle cache lines, counted by valgrind.

An independent judge of code layout: it shares no code with hotlayout (no C++, no BOLT
profile). It reads exact per-instruction execution counts and per-jump taken counts that
callgrind records for one run of the program, the binary's symbol table (llvm-readelf) and its
instruction sizes (llvm-objdump), and applies the one definition (docs/hot-loops.md):

  1. Loop: a taken direct backward jump (target <= source) whose source and target lie in the
     same function (.symtab FUNC ranges), and whose target reaches the source again through
     the jumps and fall-throughs that ran in that function (it closes a cycle). All such jumps
     to one target are one loop: its count is their summed taken count, its span runs from the
     target to the end of the last of them. Indirect jumps (an interpreter's computed gotos)
     close cycles but start no loop: what they fetch is not one span of bytes.
  2. Iterates: count >= --min-per-entry (2) x the entries of the loop: the executions of its
     target that did not come from a jump inside the span (falls from before, jumps and calls
     from elsewhere), plus the taken direct jumps of its function from outside the span to a
     later instruction of it (a rotated loop is entered at its test) that come from code not
     the loop's own (the loop's own: what the target reaches along what ran without going
     below the target: an inner loop or cold block laid out after the span continues the
     loop; code before the target, an enclosing loop's, enters it anew; but a target of the
     loop's own indirect jumps laid out before it that only indirect jumps reach and whose
     code runs straight to the target (no branch on the way that may come back otherwise), a
     case of its switch, is its own, and its jump or fall to the target comes back, not in;
     an indirect jump from outside that lands in the loop's own code after the target or on
     such a case enters it); a loop never entered counts as iterating.
  3. Hot: among the most counted iterating loops that together make up --coverage (99%) of all
     iterating loops' counts (loops tied with the last one chosen are chosen too), those with
     count >= --min-taken (100, check's noise floor), as check's markHotLoops.
  4. Hot bytes: the instructions in the span that ran at least count / --hot-divisor (8)
     times: what the CPU fetches on most iterations, not the cold blocks laid out inside.
  5. Lines: the --line-size (64) lines those bytes touch; the minimum over the line's start
     offsets (every shift 0..line-1 of all the bytes together). It straddles when it touches
     more than the minimum; extra = lines - minimum.
  6. Tight: its hot bytes are at most --max-tight-bytes (256). Only tight hot loops count as
     straddling and in the weighted total; larger ones are listed (`NOT-TIGHT`), not counted.
  7. Count-weighted total: sum(count x extra) / sum(count) over the tight hot loops.

Usage:
  callgrind_loops.py run -o CG.OUT -- PROGRAM [ARGS...]
      runs PROGRAM under callgrind with the flags the report needs; stdin, stdout and the
      program's stderr pass through; exits with the program's status.
  callgrind_loops.py report BINARY CG.OUT [CG.OUT...] [--json] [options]
      the hot loops of BINARY in the summed counts of the CG.OUT files, and the instructions
      and taken jumps (conditional and direct) of BINARY's code in them (each recorded by
      `run`, or by valgrind --tool=callgrind --dump-instr=yes --collect-jumps=yes
      --compress-pos=no). --nops: also the nop instructions of its code that ran, in all and
      per function (what padding costs). Exit 0 with a report, 2 on an error (what to do is
      said). The binary's code outside its .text section (llvm-bolt's .text.cold and
      .bolt.org.text), which callgrind files under no object, is counted too, and how many of
      its instructions ran there is said (recover_unowned_code).
Tools: $LLVM_BIN/llvm-readelf and llvm-objdump (LLVM_BIN defaults to /usr/lib/llvm-22/bin,
else they are looked up on PATH), valgrind on PATH.
"""
import argparse
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys

# The definition's constants, as passes/include/hotlayout/Support/HotLoopRules.h
# has them (DefaultLineSize, DefaultHotCoverage, DefaultMinCount,
# MinIterationsPerEntry, HotByteDivisor, MaxTightHotBytes): `hotlayout check --json
# --profile` prints them, and test/lit/check/callgrind-judge-defaults-as-check.test
# fails when the two part.
DEFAULTS = {'line_size': 64, 'coverage': 0.99, 'min_taken': 100, 'min_per_entry': 2.0,
            'hot_divisor': 8.0, 'max_tight_bytes': 256}

VALGRIND_FLAGS = ['--tool=callgrind', '--dump-instr=yes', '--dump-line=no',
                  '--collect-jumps=yes', '--compress-pos=no', '--compress-strings=no']


class Error(Exception):
    """A failure the user can fix; main prints it and exits 2."""


def llvm_tool(name):
    """Path of an LLVM tool: $LLVM_BIN (default /usr/lib/llvm-22/bin), else PATH."""
    d = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    p = os.path.join(d, name)
    if os.access(p, os.X_OK):
        return p
    for cand in (name, name + '-22'):
        if shutil.which(cand):
            return shutil.which(cand)
    raise Error(f'{name} not found in {d} or on PATH; install llvm-22-tools or set LLVM_BIN')


def tool_output(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise Error(f"{' '.join(cmd[:2])} failed: {r.stderr.strip()[:300]}")
    return r.stdout


# ---------------------------------------------------------------- the binary

class Function:
    """A .symtab function: [start, end). Hashable by identity (one object per function)."""
    __slots__ = ('name', 'start', 'end')

    def __init__(self, name, start, end):
        self.name, self.start, self.end = name, start, end


def read_functions(binary):
    """FUNC symbols of .symtab (else .dynsym) as sorted, non-overlapping Functions. Aliases
    (one address) keep one name: GLOBAL before WEAK before LOCAL, then the shortest. A
    symbol of size 0 ends where the next one starts."""
    out = tool_output([llvm_tool('llvm-readelf'), '-sW', binary])
    tables = collections.defaultdict(list)
    table = None
    for line in out.splitlines():
        m = re.match(r"Symbol table '([^']+)'", line)
        if m:
            table = m.group(1)
            continue
        f = line.split()
        if table and len(f) >= 8 and f[0].endswith(':') and f[3] == 'FUNC' and f[6] != 'UND':
            tables[table].append((int(f[1], 16), int(f[2], 0), f[4], f[7]))
    syms = tables.get('.symtab') or tables.get('.dynsym')
    if not syms:
        raise Error(f"'{binary}' has no function symbols; measure an unstripped copy")
    rank = {'GLOBAL': 0, 'WEAK': 1}
    best = {}
    for addr, size, bind, name in syms:
        name = name.split('@')[0]
        key = (rank.get(bind, 2), len(name), name)
        if addr not in best or key < best[addr][0]:
            best[addr] = (key, size, name)
    starts = sorted(a for a in best if a)
    funcs = []
    for i, a in enumerate(starts):
        _, size, name = best[a]
        nxt = starts[i + 1] if i + 1 < len(starts) else None
        end = a + size if size else (nxt if nxt is not None else a + 1)
        if nxt is not None:
            end = min(end, nxt)
        funcs.append(Function(name, a, end))
    return funcs


class FunctionIndex:
    def __init__(self, funcs):
        self.funcs = funcs
        self.starts = [f.start for f in funcs]

    def at(self, addr):
        i = bisect.bisect_right(self.starts, addr) - 1
        if i >= 0 and addr < self.funcs[i].end:
            return self.funcs[i]
        return None


Insn = collections.namedtuple('Insn', 'size kind')  # kind: cond, jmp, ijmp, ret, call, other


def classify(mnemonic, operands):
    m = mnemonic.lower()
    if m.startswith('ret') or m in ('ud2', 'hlt', 'int3'):
        return 'ret'
    if m.startswith('call'):
        return 'call'
    if m.startswith('jmp'):
        return 'ijmp' if operands.startswith('*') else 'jmp'
    if m.startswith('j') or m.startswith('loop'):
        return 'cond'
    return 'other'


def disassemble(binary, lo, hi):
    """{address: Insn} for the code in [lo, hi)."""
    out = tool_output([llvm_tool('llvm-objdump'), '-d', f'--start-address={lo:#x}', f'--stop-address={hi:#x}', binary])
    insns = {}
    pat = re.compile(r'^\s*([0-9a-f]+):\s((?:[0-9a-f]{2} )*[0-9a-f]{2})\s*(?:\t(\S+)\s*(.*))?$')
    for line in out.splitlines():
        m = pat.match(line)
        if not m:
            continue
        addr = int(m.group(1), 16)
        size = len(m.group(2).split())
        if m.group(3) is None:  # the rest of a long instruction's bytes
            continue
        insns[addr] = Insn(size, classify(m.group(3), m.group(4)))
    return insns


# ---------------------------------------------------------------- callgrind counts

class Counts:
    """Summed counts of one binary's code over callgrind outputs."""

    def __init__(self):
        self.exec = collections.Counter()            # instruction address -> executions
        self.jumps = collections.Counter()           # (source, target) -> times taken
        self.cond_exec = collections.Counter()       # conditional jump source -> executions
        self.call_bias = collections.Counter()       # call target - symbol address -> calls
        # Code that ran under no object ('???'), by the function name callgrind gave it, at
        # its run-time addresses (recover_unowned_code moves the binary's into the above).
        self.unowned_exec = collections.Counter()    # (function, address) -> executions
        self.unowned_jumps = collections.Counter()   # (function, source, target) -> taken
        self.unowned_cond = collections.Counter()    # (function, source) -> executions
        self.recovered = 0                           # instructions recovered from it


def same_object(path, binary):
    if os.path.exists(path) and os.path.exists(binary):
        return os.path.realpath(path) == os.path.realpath(binary)
    return os.path.basename(path) == os.path.basename(binary)


def parse_name(value, table):
    """A callgrind name field, '(id) name', '(id)' or 'name' (string compression)."""
    m = re.match(r'\((\d+)\)(?: (.*))?$', value)
    if not m:
        return value
    if m.group(2) is not None:
        table[m.group(1)] = m.group(2)
    return table.get(m.group(1), '')


def position(tok, path):
    if tok.startswith(('+', '-', '*')):
        raise Error(f'{path}: relative positions; record with valgrind --compress-pos=no '
                    '(callgrind_loops.py run does)')
    return int(tok, 0)


def read_callgrind(path, binary, counts, sym_addr):
    """Adds the counts of BINARY's code in callgrind output PATH to COUNTS."""
    names = {'ob': {}, 'fn': {}}
    ob = cob = None
    in_binary = unowned = False
    cfn = fn = None
    pending = None  # ('jump', target, taken, executions) or ('call',)
    npos = 1
    ir = 0
    seen = False
    try:
        f = open(path)
    except OSError as e:
        raise Error(f"cannot read '{path}': {e.strerror}; record it with "
                    "`callgrind_loops.py run -o FILE -- PROGRAM ...`")
    with f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line[0] == '#':
                continue
            c = line[0]
            if c.isdigit() or c in '+-*':
                fields = line.split()
                if pending is not None:
                    kind = pending
                    pending = None
                    if kind[0] == 'jump' and in_binary:
                        src = position(fields[0], path)
                        counts.jumps[(src, kind[1])] += kind[2]
                        if kind[3] is not None:
                            counts.cond_exec[src] += kind[3]
                    elif kind[0] == 'jump' and unowned:
                        src = position(fields[0], path)
                        counts.unowned_jumps[(fn, src, kind[1])] += kind[2]
                        if kind[3] is not None:
                            counts.unowned_cond[(fn, src)] += kind[3]
                    continue  # a call's or jump's position line carries no self cost
                if in_binary and len(fields) > npos:
                    counts.exec[position(fields[0], path)] += int(fields[npos + ir])
                    seen = True
                elif unowned and len(fields) > npos:
                    counts.unowned_exec[(fn, position(fields[0], path))] += int(fields[npos + ir])
                continue
            key, _, value = line.partition('=')
            if key == 'ob':
                ob = parse_name(value, names['ob'])
                in_binary = same_object(ob, binary)
                unowned = ob == '???'
                cob = ob
            elif key == 'cob':
                cob = parse_name(value, names['ob'])
            elif key in ('fn', 'cfn', 'cfi', 'cfl', 'fl', 'fi', 'fe'):
                v = parse_name(value, names['fn' if key in ('fn', 'cfn') else 'ob'])
                if key == 'cfn':
                    cfn = v
                if key == 'fn':
                    fn = v
                    cob = ob
            elif key == 'calls':
                fields = value.split()
                if in_binary and cob is not None and same_object(cob, binary) and cfn in sym_addr:
                    counts.call_bias[position(fields[1], path) - sym_addr[cfn]] += 1
                pending = ('call',)
                cob = ob
            elif key == 'jump' or key == 'jcnd':
                fields = value.split()
                if key == 'jump':
                    taken, execs = int(fields[0]), None
                else:
                    t, _, e = fields[0].partition('/')
                    taken, execs = int(t), int(e)
                pending = ('jump', position(fields[1], path), taken, execs)
            elif line.startswith('positions:'):
                npos = len(line.split()[1:])
                if line.split()[1] != 'instr':
                    raise Error(f'{path} has no instruction positions; record with '
                                'valgrind --dump-instr=yes (callgrind_loops.py run does)')
            elif line.startswith('events:'):
                ev = line.split()[1:]
                if 'Ir' not in ev:
                    raise Error(f'{path} has no Ir event')
                ir = ev.index('Ir')
    return seen


def load_counts(binary, paths, funcs):
    counts = Counts()
    sym_addr = {f.name: f.start for f in funcs}
    for p in paths:
        if not read_callgrind(p, binary, counts, sym_addr):
            raise Error(f"'{p}' counts no instruction of '{binary}' (object "
                        f"'{os.path.basename(binary)}'); record it from this binary")
    if not counts.jumps:
        raise Error(f"'{paths[0]}' has no jump counts; record with valgrind "
                    "--collect-jumps=yes (callgrind_loops.py run does)")
    recover_unowned_code(binary, counts, funcs)
    # callgrind writes addresses of position-independent objects relative to their load
    # address: calls to known symbols must land on them.
    if counts.call_bias:
        bias, _ = counts.call_bias.most_common(1)[0]
        if bias:
            raise Error(f"'{paths[0]}': call targets are {bias:#x} off the symbols of "
                        f"'{binary}'; was it recorded from another build?")
    return counts


def text_section(binary):
    """[start, end) of BINARY's .text section, or None."""
    out = tool_output([llvm_tool('llvm-readelf'), '-SW', binary])
    for line in out.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+\.text\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)', line)
        if m:
            start = int(m.group(1), 16)
            return start, start + int(m.group(2), 16)
    return None


class FunctionsByName:
    """FUNCS by the name callgrind gives them: the symbol's, or (valgrind demangles C++ names)
    llvm-cxxfilt's, which may space template brackets otherwise ('> >'): compared without
    spaces, and without the "'N" callgrind appends to a function's recursive runs
    (--separate-recs: gawk's re_search.cold.0'2 under plain llvm-bolt)."""

    def __init__(self, funcs, wanted):
        self.funcs = collections.defaultdict(list)
        for f in funcs:
            self.funcs[self.key(f.name)].append(f)
        mangled = [f for f in funcs if f.name.startswith('_Z')]
        if mangled and any(self.key(n) not in self.funcs for n in wanted):
            out = subprocess.run([llvm_tool('llvm-cxxfilt')], capture_output=True, text=True,
                                 input='\n'.join(f.name for f in mangled), check=True)
            for f, name in zip(mangled, out.stdout.split('\n')):
                if name != f.name:
                    self.funcs[self.key(name)].append(f)

    @staticmethod
    def key(name):
        return re.sub(r"'\d+$", '', name.replace(' ', ''))

    def __contains__(self, name):
        return self.key(name) in self.funcs

    def __getitem__(self, name):
        return self.funcs.get(self.key(name), [])


def holds(funcs, addr):
    """Does one of FUNCS hold ADDR?"""
    return any(f.start <= addr < f.end for f in funcs)


def load_bias(counts, by_name):
    """The offset that puts the most executions of COUNTS' unowned code inside the functions
    of BY_NAME whose names it ran under (0 for a binary that is not position-independent):
    tried, per such function, its lowest executed address less the function's start, and
    that rounded down to a 4 KiB page (a function entered past its first page)."""
    # Only the code under one of the binary's names (a JIT's has none), by its functions.
    named = [(by_name[name], addr, e) for (name, addr), e in counts.unowned_exec.items()
             if name in by_name]
    low = {}
    for fs, addr, _ in named:
        key = fs[0].start
        low[key] = (fs, min(addr, low[key][1]) if key in low else addr)
    tried = {c for fs, a in low.values() for f in fs
             for c in (a - f.start, (a - f.start) & ~0xfff)}
    best, score = None, 0
    for bias in sorted(tried):
        n = sum(e for fs, addr, e in named if holds(fs, addr - bias))
        if n > score:
            best, score = bias, n
    return best


def recover_unowned_code(binary, counts, funcs):
    """valgrind files only the code in a binary's .text section under the binary's object: the
    code llvm-bolt writes elsewhere (.text.cold; .bolt.org.text, where functions it did not
    move stay) or a section of the program's own runs in callgrind's outputs under no object
    ('???'), at its run-time address (a position-independent binary's load address added),
    and under its symbol's name. Moves the binary's share of it into COUNTS at file addresses:
    the executions that land inside the function they ran under (load_bias), their jumps, and
    the jumps of the binary's code to it. COUNTS.recovered: the instructions moved."""
    if not counts.unowned_exec:
        return
    by_name = FunctionsByName(funcs, {n for n, _ in counts.unowned_exec})
    bias = load_bias(counts, by_name)
    text = text_section(binary)
    if bias is None or text is None:
        return

    def inside(name, addr):
        return holds(by_name[name], addr - bias)

    def target(t):  # a jump target in the coordinates of the object it lands in
        return t if text[0] <= t < text[1] else t - bias

    # The binary's own jumps to that code first: their targets are run-time addresses too.
    if bias:
        for (src, t) in [k for k in counts.jumps if not text[0] <= k[1] < text[1]]:
            counts.jumps[(src, t - bias)] += counts.jumps.pop((src, t))
    for (name, addr), e in counts.unowned_exec.items():
        if inside(name, addr):
            counts.exec[addr - bias] += e
            counts.recovered += e
    for (name, src, t), taken in counts.unowned_jumps.items():
        if inside(name, src):
            counts.jumps[(src - bias, target(t))] += taken
    for (name, src), e in counts.unowned_cond.items():
        if inside(name, src):
            counts.cond_exec[src - bias] += e


def executed_nops(binary, funcs, counts):
    """The nop instructions of BINARY's code that ran (padding on the path: hotalign's before
    a loop head its predecessor falls into), summed over the runs: (total, {function: count}),
    most first. One llvm-objdump over the span of what ran."""
    ran = [a for a, n in counts.exec.items() if n]
    if not ran:
        return 0, {}
    out = tool_output([llvm_tool('llvm-objdump'), '-d', f'--start-address={min(ran):#x}',
                       f'--stop-address={max(ran) + 16:#x}', binary])
    pat = re.compile(r'^\s*([0-9a-f]+):\s(?:[0-9a-f]{2} )*[0-9a-f]{2}\s*\t(nop\S*)')
    index = FunctionIndex(funcs)
    per = collections.Counter()
    for line in out.splitlines():
        m = pat.match(line)
        if m:
            n = counts.exec.get(int(m.group(1), 16), 0)
            if n:
                f = index.at(int(m.group(1), 16))
                per[f.name if f else '?'] += n
    return sum(per.values()), dict(per.most_common())


# ---------------------------------------------------------------- loops

def lines_touched(intervals, shift, line):
    seen = set()
    for a, b in intervals:
        seen.update(range((a + shift) // line, (b - 1 + shift) // line + 1))
    return len(seen)


def merge_intervals(iv):
    out = []
    for a, b in sorted(iv):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [tuple(x) for x in out]


def successors(addr, insn, counts, jumps_from):
    """Where control went from ADDR in this run: its taken jumps, and its fall-through."""
    succ = [t for t, n in jumps_from.get(addr, ()) if n > 0]
    if insn.kind == 'cond':
        # callgrind writes a jcnd line (taken/executed) only in the contexts
        # (a function's recursion levels, fn'2 ...) where the jump was taken;
        # where it never was, only the instruction's cost says it ran. So the
        # executions are the larger of the two sums.
        taken = sum(n for _, n in jumps_from.get(addr, ()))
        runs = max(counts.cond_exec.get(addr, 0), counts.exec.get(addr, 0))
        if runs > taken:
            succ.append(addr + insn.size)
    elif insn.kind in ('other', 'call'):
        succ.append(addr + insn.size)
    return succ


def reached_in_what_ran(func, target, insns, counts, jumps_from, floor=None, jumps_to=None):
    """What TARGET reaches along what ran inside FUNC, never below FLOOR (the function's start).
    With JUMPS_TO, below the floor a case of the loop's own switch is reached too: an indirect
    jump's target that only indirect jumps reach (every execution of it one of their
    arrivals) and that runs straight to the floor (straight_run_to)."""
    low = func.start if floor is None else floor
    todo, seen = [target], {target}
    while todo:
        a = todo.pop()
        insn = insns.get(a)
        if insn is None:
            continue
        for s in successors(a, insn, counts, jumps_from):
            if not (s < func.end and s not in seen and counts.exec.get(s, 0) > 0):
                continue
            if s >= low:
                seen.add(s)
                todo.append(s)
            elif insn.kind == 'ijmp' and jumps_to is not None and only_indirect(s, insns, counts, jumps_to):
                seen.update(straight_run_to(s, low, func, insns, counts, jumps_from))
    return seen


def only_indirect(addr, insns, counts, jumps_to):
    """Does every execution of ADDR come from an indirect jump?"""
    arrivals = sum(n for src, n in jumps_to.get(addr, ())
                   if insns.get(src) is not None and insns[src].kind == 'ijmp')
    return arrivals >= counts.exec.get(addr, 0)


def straight_run_to(addr, floor, func, insns, counts, jumps_from):
    """The code from ADDR (below FLOOR) that leads straight to FLOOR: fall-throughs and forward
    jumps that ran, and conditional jumps whose other way leaves for good (never reaches FLOOR,
    nor an indirect jump, again: a copy of the loop's exit test, as a compiler duplicates the
    latch into a case); empty when control can go elsewhere on the way (a case that leaves the
    loop through an enclosing loop's code, which enters it anew)."""
    path = []
    while addr < floor and counts.exec.get(addr, 0) > 0:
        insn = insns.get(addr)
        if insn is None or insn.kind in ('ijmp', 'ret'):
            return []
        path.append(addr)
        succ = successors(addr, insn, counts, jumps_from)
        leads = [s for s in succ if addr < s <= floor]
        other = [s for s in succ if s not in leads]
        if len(leads) != 1 or len(other) > 1 or any(
                may_come_back(func, s, floor, insns, counts, jumps_from) for s in other):
            return []
        if leads[0] == floor:
            return path
        addr = leads[0]
    return []


def may_come_back(func, addr, head, insns, counts, jumps_from):
    """Does ADDR reach HEAD, or an indirect jump (which may go anywhere), along what ran?"""
    seen = reached_in_what_ran(func, addr, insns, counts, jumps_from)
    return head in seen or any(insns[a].kind == 'ijmp' for a in seen if a in insns)


def closes_cycle(func, target, sources, insns, counts, jumps_from):
    """Does TARGET reach one of SOURCES along what ran inside FUNC?"""
    return not reached_in_what_ran(func, target, insns, counts, jumps_from).isdisjoint(sources)


def backward_jumps(funcs, counts):
    """{(function, target): [(source, taken)]} of the taken backward jumps inside a function."""
    index = FunctionIndex(funcs)
    back = collections.defaultdict(list)
    for (src, dst), n in counts.jumps.items():
        f = index.at(src)
        if n > 0 and dst <= src and f is not None and f.start <= dst < f.end:
            back[(f, dst)].append((src, n))
    return back


def loop_entries(f, target, end, insns, counts, jumps_from, jumps_to):
    """Definition 2: how often control came into [TARGET, END) from outside the loop."""
    # The loop's own code: what its target reaches without going below it, and the cases of
    # its own indirect jumps laid out before it (their jumps and falls to it come back).
    own = reached_in_what_ran(f, target, insns, counts, jumps_from, floor=target,
                              jumps_to=jumps_to)
    head, back, outside = counts.exec.get(target, 0), 0, 0
    for dst in range(target, end):
        for src, n in jumps_to.get(dst, ()):
            insn = insns.get(src)
            if not (f.start <= src < f.end) or insn is None or insn.kind not in ('cond', 'jmp'):
                continue
            inside = target <= src < end
            case = src < target and src in own
            if (inside or case) and dst == target:
                back += n
            elif not inside and dst > target and src not in own:
                outside += n
    # An indirect jump from outside enters where it lands in the loop's own code: in the
    # span after the target, or on a case before it.
    for (src, dst), n in counts.jumps.items():
        insn = insns.get(src)
        if insn is None or insn.kind != 'ijmp' or target <= src < end or src in own:
            continue
        if (dst < target and dst in own) or target < dst < end:
            outside += n
    # A case laid out right before the head falls into it.
    for a in own:
        insn = insns[a]
        if a < target and a + insn.size == target and insn.kind in ('cond', 'other', 'call'):
            runs = counts.exec.get(a, 0)
            if insn.kind == 'cond':
                runs = max(counts.cond_exec.get(a, 0), runs)
                runs -= min(runs, sum(n for _, n in jumps_from.get(a, ())))
            back += runs
    return head - min(head, back) + outside


def measure_loop(f, target, direct, insns, counts, jumps_from, jumps_to, opts):
    """Definition 4 and 5 for the loop of F at TARGET closed by the DIRECT (source, taken)."""
    taken = sum(n for _, n in direct)
    last = max(s for s, _ in direct)
    end = last + insns[last].size
    floor = taken / opts.hot_divisor
    iv = merge_intervals([(a, a + insns[a].size) for a in range(target, end)
                          if a in insns and counts.exec.get(a, 0) >= floor])
    line = opts.line_size
    per_shift = [lines_touched(iv, s, line) for s in range(line)]
    best = min(per_shift)
    ent = loop_entries(f, target, end, insns, counts, jumps_from, jumps_to)
    return {
        'function': f.name, 'function_start': f.start, 'target': target,
        'offset_in_function': target - f.start, 'branches': sorted(s for s, _ in direct),
        'end': end, 'span': end - target, 'taken': taken, 'entries': ent,
        'per_entry': taken / ent if ent else None,
        'hot_bytes': sum(b - a for a, b in iv), 'hot_intervals': iv,
        'lines': per_shift[0], 'min_lines': best, 'extra': per_shift[0] - best,
        'tight': sum(b - a for a, b in iv) <= opts.max_tight_bytes,
        # d: moving the loop d bytes later (mod line) puts it on its fewest lines
        'good_shifts': [s for s in range(line) if per_shift[s] == best],
    }


def find_loops(funcs, counts, binary, opts):
    """Every loop (definition 1) with its counts, hot bytes and lines; and how many backward
    jumps were not loops, by reason."""
    back = backward_jumps(funcs, counts)
    rejected = collections.Counter()
    if not back:
        return [], rejected
    insns = disassemble(binary, min(f.start for f, _ in back), max(f.end for f, _ in back))
    jumps_from = collections.defaultdict(list)
    for (src, dst), n in counts.jumps.items():
        jumps_from[src].append((dst, n))
    jumps_to = collections.defaultdict(list)
    for (src, dst), n in counts.jumps.items():
        jumps_to[dst].append((src, n))
    loops = []
    for (f, target), srcs in back.items():
        direct = [(s, n) for s, n in srcs if insns.get(s) and insns[s].kind in ('cond', 'jmp')]
        if not direct:
            rejected['not a direct jump'] += 1
        elif not closes_cycle(f, target, [s for s, _ in direct], insns, counts, jumps_from):
            rejected['no cycle'] += 1
        else:
            loops.append(measure_loop(f, target, direct, insns, counts, jumps_from, jumps_to,
                                      opts))
    return loops, rejected


def choose_hot(loops, opts):
    """Marks iterating and hot loops (definition 2 and 3); returns the hot ones."""
    for lp in loops:
        lp['iterates'] = lp['entries'] == 0 or lp['taken'] >= opts.min_per_entry * lp['entries']
        lp['hot'] = False
    # As markHotLoops (passes/Support/HotLoopRules.cpp): the share is of every iterating
    # loop's count, and the noise floor only keeps a loop inside the cut from being hot.
    cand = sorted((lp for lp in loops if lp['iterates']),
                  key=lambda lp: (-lp['taken'], lp['target']))
    total = sum(lp['taken'] for lp in cand)
    acc, last = 0, None
    for lp in cand:
        if acc >= opts.coverage * total and lp['taken'] != last:
            break
        lp['hot'] = lp['taken'] >= opts.min_taken
        acc += lp['taken']
        last = lp['taken']
    return [lp for lp in cand if lp['hot']], total


def weighted_extra(loops):
    """sum(count x extra) / sum(count) over LOOPS; 0 without any."""
    w = sum(lp['taken'] for lp in loops)
    return sum(lp['taken'] * lp['extra'] for lp in loops) / w if w else 0.0


def summarize(loops, hot, total, rejected, opts):
    tight = [lp for lp in hot if lp['tight']]
    w = sum(lp['taken'] for lp in hot)
    funcs = collections.OrderedDict()
    for lp in sorted(hot, key=lambda lp: lp['target']):
        funcs.setdefault(lp['function'], []).append(lp)
    conflicts = []
    for name, lps in funcs.items():
        common = set(range(opts.line_size))
        for lp in lps:
            common &= set(lp['good_shifts'])
        if len(lps) > 1:
            # When no shift fits all, how far whole-function placement alone can get.
            most = max(sum(s in lp['good_shifts'] for lp in lps) for s in range(opts.line_size))
            conflicts.append({'function': name, 'hot_loops': len(lps),
                              'shifts_fitting_all': sorted(common), 'most_fitted_by_a_shift': most})
    return {
        'loops': len(loops), 'iterating': sum(lp['iterates'] for lp in loops),
        'hot': len(hot), 'tight': len(tight),
        'straddling': sum(lp['extra'] > 0 for lp in tight),
        'weighted_extra': weighted_extra(tight),
        # Every hot loop, tight or not, for comparison with tables before 2026-11-26.
        'straddling_all': sum(lp['extra'] > 0 for lp in hot),
        'weighted_extra_all': weighted_extra(hot),
        'hot_taken': w, 'iterating_taken': total,
        'larger_than_a_line': sum(lp['min_lines'] > 1 for lp in hot),
        'rejected_candidates': dict(rejected), 'multi_loop_functions': conflicts,
    }


def print_table(binary, hot, summ, opts, out):
    print(f'callgrind_loops: {binary}, {opts.line_size}-byte lines; hot: iterating '
          f'(count >= {opts.min_per_entry:g} x entries), count >= {opts.min_taken}, '
          f'{opts.coverage:.0%} of counts, hot bytes run >= count/{opts.hot_divisor:g}; '
          f'tight: at most {opts.max_tight_bytes} hot bytes', file=out)
    hdr = ('FUNCTION', 'LOOP', 'FN+', '%L', 'COUNT', 'PER-ENTRY', 'SPAN', 'HOT-B', 'LINES',
           'MIN', 'EXTRA', '')
    rows = []
    for lp in sorted(hot, key=lambda lp: -lp['taken']):
        pe = f"{lp['per_entry']:.1f}" if lp['per_entry'] is not None else '-'
        rows.append((lp['function'], f"{lp['target']:#x}", f"{lp['offset_in_function']:#x}",
                     str(lp['target'] % opts.line_size), str(lp['taken']), pe, str(lp['span']),
                     str(lp['hot_bytes']), str(lp['lines']), str(lp['min_lines']),
                     str(lp['extra']),
                     ('STRADDLES' if lp['extra'] else '') if lp['tight'] else 'NOT-TIGHT'))
    widths = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
    for r in [hdr] + rows:
        print('  '.join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip(), file=out)
    for c in summ['multi_loop_functions']:
        fit = c['shifts_fitting_all']
        print(f"function {c['function']}: {c['hot_loops']} hot loops, "
              f"{len(fit)} of {opts.line_size} start shifts put all on their fewest lines, "
              f"the best one {c['most_fitted_by_a_shift']}", file=out)
    print(f"hot loops: {summ['hot']} of {summ['iterating']} iterating ({summ['loops']} loops), "
          f"{summ['tight']} tight, {summ['straddling']} of them straddle, "
          f"{summ['larger_than_a_line']} need more than one line; "
          f"count-weighted extra lines per iteration: {summ['weighted_extra']:.3f}", file=out)
    print(f"own code: {summ['instructions']} instructions, {summ['taken_jumps']} taken jumps"
          + (f" ({summ['instructions_outside_text']} of the instructions outside .text, which "
             "callgrind names no object for)" if summ['instructions_outside_text'] else ''),
          file=out)
    if 'executed_nops' in summ:
        top = ', '.join(f'{f} {n}' for f, n in list(summ['nops_by_function'].items())[:5])
        print(f"executed nops: {summ['executed_nops']}" + (f" ({top})" if top else ''), file=out)


# ---------------------------------------------------------------- commands

def run_under_valgrind(flags, command):
    """Runs COMMAND (the program and its arguments) under valgrind -q FLAGS; its exit status.
    (cachegrind_i1.py's `run` too.)"""
    if not command:
        raise Error('run: name the program after --')
    vg = shutil.which('valgrind')
    if not vg:
        raise Error('valgrind not found on PATH; apt-get install valgrind')
    return subprocess.run([vg, '-q'] + flags + command).returncode


def cmd_run(args):
    return run_under_valgrind([f'--callgrind-out-file={args.out}'] + VALGRIND_FLAGS, args.command)


def cmd_report(args):
    if not os.path.isfile(args.binary):
        raise Error(f"'{args.binary}' does not exist; name the binary that was run")
    if args.line_size < 1 or args.line_size & (args.line_size - 1):
        raise Error(f'--line-size {args.line_size}: need a power of two')
    if not 0 < args.coverage <= 1:
        raise Error(f'--coverage {args.coverage}: need a fraction in (0, 1]')
    funcs = read_functions(args.binary)
    counts = load_counts(args.binary, args.callgrind, funcs)
    loops, rejected = find_loops(funcs, counts, args.binary, args)
    hot, total = choose_hot(loops, args)
    summ = summarize(loops, hot, total, rejected, args)
    # What a block order changes (issue 30 compares them with plain llvm-bolt's): the taken
    # jumps and the instructions of the binary's own code, the object's in every run summed.
    summ['taken_jumps'] = sum(counts.jumps.values())
    summ['instructions'] = sum(counts.exec.values())
    summ['instructions_outside_text'] = counts.recovered
    if args.nops:
        summ['executed_nops'], summ['nops_by_function'] = executed_nops(args.binary, funcs, counts)
    if args.json:
        doc = {'binary': args.binary, 'line_size': args.line_size,
               'options': {'coverage': args.coverage, 'min_taken': args.min_taken,
                           'min_per_entry': args.min_per_entry,
                           'hot_divisor': args.hot_divisor,
                           'max_tight_bytes': args.max_tight_bytes},
               'summary': summ,
               'loops': sorted(hot if not args.all else loops, key=lambda lp: lp['target'])}
        json.dump(doc, sys.stdout, indent=1)
        print()
    else:
        print_table(args.binary, hot, summ, args, sys.stdout)
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = p.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run', help='record a run under callgrind')
    r.add_argument('-o', '--out', required=True, help='callgrind output file')
    r.add_argument('command', nargs=argparse.REMAINDER, help='-- PROGRAM [ARGS...]')
    q = sub.add_parser('report', help='hot loops and lines of BINARY from callgrind outputs')
    q.add_argument('binary')
    q.add_argument('callgrind', nargs='+', help='callgrind outputs of runs of BINARY (summed)')
    q.add_argument('--json', action='store_true', help='JSON instead of the table')
    q.add_argument('--all', action='store_true', help='with --json: every loop, not only hot')
    q.add_argument('--nops', action='store_true',
                   help='also count the nops of its code that ran, in all and per function')
    d = DEFAULTS
    q.add_argument('--line-size', type=int, default=d['line_size'],
                   help=f"cache line size (default {d['line_size']})")
    q.add_argument('--coverage', type=float, default=d['coverage'],
                   help=f"hot loops make up this fraction of iterating loops' counts "
                        f"({d['coverage']})")
    q.add_argument('--min-taken', type=int, default=d['min_taken'],
                   help=f"a hot loop is taken at least this often (default {d['min_taken']}: "
                        'DefaultMinCount in HotLoopRules.h, check --min-count)')
    q.add_argument('--min-per-entry', type=float, default=d['min_per_entry'],
                   help=f"iterating: taken >= this x loop entries (default {d['min_per_entry']:g})")
    q.add_argument('--hot-divisor', type=float, default=d['hot_divisor'],
                   help=f"hot bytes run at least count/this times (default {d['hot_divisor']:g})")
    q.add_argument('--max-tight-bytes', type=int, default=d['max_tight_bytes'],
                   help='tight: at most this many hot bytes; only tight loops count as '
                        f"straddling (default {d['max_tight_bytes']})")
    args = p.parse_args(argv)
    if args.cmd == 'run' and args.command[:1] == ['--']:
        args.command = args.command[1:]
    try:
        return cmd_run(args) if args.cmd == 'run' else cmd_report(args)
    except Error as e:
        print(f'callgrind_loops.py: error: {e}', file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

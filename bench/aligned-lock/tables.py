#!/usr/bin/env python3
"""tables.py --work W --out R --bins 'B1 B2 ...' PROG...: the aligned-lock tables from run.sh's files.
   tables.py --work W --out R --input-only PROG...: run.sh --input-only's table (see input_tables).

Reads, per program and binary, W/PROG/judge-B.json (callgrind_loops.py report --json --all),
W/PROG/check-B.json (hotlayout check --profile --json), the profiles W/PROG/p-*.fdata and
W/PROG/apply-*.txt; writes
  R/aligned-summary.csv  one row per program and binary: the judge's hot loops, straddling,
                         count-weighted extra lines (also at 90% coverage), check's, where they
                         agree, and how many hot loops sit where the reference binary has them
  R/aligned-loops.csv    one row per hot loop (the judge's) per binary, with check's verdict
  R/aligned-counts.csv   one row per program and binary: the taken jumps and instructions of the
                         program's own code (the judge's callgrind run; also less the nops
                         that ran, when the judge counted them: --nops) and, where run.sh ran
                         cachegrind (W/PROG/cacheK-B/), the I1 misses at K KiB (a library's: of
                         its own code); each against plain llvm-bolt's on the same input, as
                         issue 30 judges them
  R/aligned-summary.txt  the markdown tables (stdout too)."""
import argparse
import collections
import csv
import json
import os
import re
import subprocess
import sys
import types

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import callgrind_loops  # noqa: E402  (the judge's own hot-loop choice, for other coverages)
import cachegrind_i1  # noqa: E402  (the I1 misses of run.sh's cachegrind runs)

LABEL = {'nopl': 'PGO, no plugin', 'in': 'input: PGO + hotalign', 'in.bolt': 'plain llvm-bolt',
         'in.apply': 'hotlayout apply', 'in.noprof': 'apply without --profile',
         'sh': 'shuffled input', 'sh.bolt': 'shuffled, llvm-bolt',
         'sh.apply': 'shuffled, apply', 'v2': 'edited input', 'v2.bolt': 'edited, llvm-bolt',
         'v2.apply': 'edited, apply (plan --update)'}
# Which binary a row's loops are compared with: a binary of the same kind built from `in`.
REFERENCE = {'in.noprof': 'in.apply', 'sh': 'in', 'sh.bolt': 'in.bolt', 'sh.apply': 'in.apply',
             'v2': 'in',
             'v2.bolt': 'in.bolt', 'v2.apply': 'in.apply'}


def load(path):
    with open(path) as f:
        return json.load(f)


def code_bytes(binary):
    """(all .text* bytes, .text bytes) of BINARY: the output code and the input code that
    the size limit (apply code at most 1.05x the input's) compares. Of BOLT's copy of the input (.bolt.org.text) only the
    functions llvm-bolt left in place count: they still run from there."""
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    out = subprocess.run([os.path.join(llvm, 'llvm-readelf'), '-SW', binary], check=True,
                         capture_output=True, text=True).stdout
    every = text = 0
    old = []
    for line in out.splitlines():
        f = line.replace('[ ', '[').split()
        if len(f) > 5 and f[1].startswith('.text'):
            every += int(f[5], 16)
            if f[1] == '.text':
                text += int(f[5], 16)
        if len(f) > 5 and f[1].startswith('.bolt.org.text'):
            old.append((int(f[3], 16), int(f[3], 16) + int(f[5], 16)))
    if old:
        syms = subprocess.run([os.path.join(llvm, 'llvm-nm'), '-S', '--defined-only', binary],
                              check=True, capture_output=True, text=True).stdout
        seen = set()
        for line in syms.splitlines():
            f = line.split()
            if len(f) == 4 and f[2] in 'tTwW':
                a = int(f[0], 16)
                if a not in seen and any(lo <= a < hi for lo, hi in old):
                    seen.add(a)
                    every += int(f[1], 16)
    return every, text


def function_sizes(binary):
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    out = subprocess.run([os.path.join(llvm, 'llvm-readelf'), '-sW', binary], check=True,
                         capture_output=True, text=True).stdout
    sizes = collections.defaultdict(set)
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == 'FUNC' and f[6] != 'UND':
            sizes[f[7]].add(int(f[2], 0))
    return sizes


def changed_functions(a, b):
    """Functions whose size differs between binaries A and B (or that only one has): the
    edited function, and those its edit changed through inlining."""
    sa, sb = function_sizes(a), function_sizes(b)
    return sorted(n for n in set(sa) | set(sb) if sa.get(n) != sb.get(n))


def back_edge_counts(fdata):
    """{(function, target offset): count} of the backward branches inside one function in a
    BOLT .fdata profile (names without BOLT's '/N' suffix of local symbols)."""
    counts = collections.Counter()
    for line in open(fdata):
        f = line.split()
        if len(f) != 8 or f[0] != '1' or f[3] != '1':
            continue
        src, dst = re.sub(r'/\d+$', '', f[1]), re.sub(r'/\d+$', '', f[4])
        a, b = int(f[2], 16), int(f[5], 16)
        if src == dst and b <= a:
            counts[(src, b)] += int(f[7])
    return counts


def contains_loop(lp, loops):
    return any(o is not lp and lp['target'] <= o['target'] and o['end'] <= lp['end']
               and (o['target'], o['end']) != (lp['target'], lp['end']) for o in loops)


def why_check_not_hot(jl, judge, check, backedges):
    """Why check does not call the judge's hot loop JL hot."""
    if check['hotness']['rule'] == 'profiled-function':
        if contains_loop(jl, judge['loops']):
            return 'check: an outer loop (on BOLT output check takes innermost loops only)'
        return 'check: no loop of its own at this start'
    n = backedges.get((jl['function'], jl['offset_in_function']), 0)
    if n < check['hotness'].get('min_count', 100):
        return f'check: the profile counts < {check["hotness"].get("min_count", 100)} back-edges to it'
    return 'check: no loop of its own at this start (the profile counts its back-edges)'


def why_judge_not_hot(jl):
    if jl is None:
        return 'judge: no taken back-edge to it ran'
    if not jl['iterates']:
        return 'judge: < 2 iterations per entry'
    return 'judge: under the 99% coverage'


def why_verdicts_differ(j, c):
    if j['span'] != c['size']:
        return (f"verdicts differ: spans differ (check to its last back-edge, judge to the last "
                f"one that ran)")
    return 'verdicts differ: cold bytes inside the span (check counts them, the judge does not)'


def loop_row(addr, j, c, line):
    """One row of aligned-loops.csv: judge loop J, check's loop C at the same start or None."""
    return {'function': j['function'], 'start': hex(addr), 'offset': j['offset_in_function'],
            'mod64': addr % line, 'count': j['taken'],
            'per_entry': f"{j['per_entry']:.1f}" if j['per_entry'] else '',
            'span': j['span'], 'hot_bytes': j['hot_bytes'], 'lines': j['lines'],
            'min_lines': j['min_lines'], 'extra': j['extra'],
            'check_hot': int(bool(c)), 'check_size': c['size'] if c else '',
            'check_lines': c['lines_touched'] if c else '', 'check_min': c['min_lines'] if c else '',
            'check_straddles': int(c['straddles']) if c else ''}


def compare(judge, check, backedges):
    """The judge's hot loops with check's verdict on the same start address; agreement counts
    and why they disagree."""
    jall = {lp['target']: lp for lp in judge['loops']}
    jhot = {a: lp for a, lp in jall.items() if lp['hot']}
    chot = {int(lp['start'], 16): lp for lp in check['loops']}
    rows = []
    agree = collections.Counter(both=0, verdict_differs=0, judge_only=0, check_only=0)
    reasons = collections.Counter()
    for a in sorted(set(jhot) | set(chot)):
        j, c = jhot.get(a), chot.get(a)
        if j and c:
            agree['both'] += 1
            if (j['extra'] > 0 and j['tight']) != c['straddles']:
                agree['verdict_differs'] += 1
                reasons[why_verdicts_differ(j, c)] += 1
        elif j:
            agree['judge_only'] += 1
            reasons[why_check_not_hot(j, judge, check, backedges)] += 1
        else:
            agree['check_only'] += 1
            reasons[why_judge_not_hot(jall.get(a))] += 1
        if j:  # check-only loops are counted (with why) in the summary, not listed
            rows.append(loop_row(a, j, c, judge['line_size']))
    return rows, agree, reasons


def at_coverage(judge, coverage):
    """(hot, tight ones straddling, their weighted extra) when the judge's hot set takes
    COVERAGE of counts."""
    opts = types.SimpleNamespace(coverage=coverage, **{k: v for k, v in judge['options'].items()
                                                       if k != 'coverage'})
    loops = [dict(lp) for lp in judge['loops']]
    hot, _ = callgrind_loops.choose_hot(loops, opts)
    tight = [lp for lp in hot if lp['tight']]
    return (len(hot), sum(lp['extra'] > 0 for lp in tight), callgrind_loops.weighted_extra(tight))


def same_place(judge, ref, skip):
    """Hot loops of JUDGE (outside the functions SKIP) at an address where REF has the same
    loop (same function, same start), hot there or not: the hot set follows a coverage cut
    over all loops, so an edit that adds hot loops elsewhere can push an unmoved loop under
    REF's cut: (same, of)."""
    refs = {(lp['function'], lp['target']) for lp in ref['loops']}
    mine = [lp for lp in judge['loops'] if lp['hot'] and lp['function'] not in skip]
    return sum((lp['function'], lp['target']) in refs for lp in mine), len(mine)


# Issue 30's bars for apply against plain llvm-bolt on the same input: (column, at most).
BARS = (('taken_jumps', 'taken jumps', 1.02), ('instructions', 'instructions', 1.005),
        ('i1_misses_8', 'I1 misses at 8 KiB', 1.02))


def bolt_of(b):
    """Plain llvm-bolt's output on B's input (nopl, which llvm-bolt is not run on: in's)."""
    base = b.split('.')[0]
    return 'in.bolt' if base == 'nopl' else base + '.bolt'


def ratio(rows, b, key):
    """B's KEY against plain llvm-bolt's on the same input, or None."""
    mine, ref = rows.get(b, {}).get(key), rows.get(bolt_of(b), {}).get(key)
    return mine / ref if mine is not None and ref else None


def cache_misses(cg, binary):
    """(I1 misses, of a library's own code?) of the cachegrind runs in CG of BINARY, or None.
    A library ran preloaded as its copy CG/lib/BINARY (workload.sh's cg_library), under
    `cachegrind_i1.py run --per-object`: its own code's misses, not its host's."""
    files = sorted(os.path.join(cg, n) for n in os.listdir(cg)
                   if n.startswith('cachegrind.')) if os.path.isdir(cg) else []
    if not files:
        return None
    own = os.path.join(cg, 'lib', binary)
    if os.path.isfile(own):
        return cachegrind_i1.object_i1_misses(files, own)[0], True
    return cachegrind_i1.i1_misses(files)[0], False


def shifted_misses(cg, binary):
    """cache_misses of run.sh's shifted copies of BINARY (CG/shiftK, ran as shift-BINARY), by K."""
    ks = sorted(int(n[5:]) for n in os.listdir(cg) if re.fullmatch(r'shift\d+', n)) \
        if os.path.isdir(cg) else []
    return [cache_misses(os.path.join(cg, f'shift{k}'), f'shift-{binary}') for k in ks]


def i1_placements(rows, cache_kb, md):
    """The table of I1 misses over the hot text's placements (run.sh's cache_shifted)."""
    shifted = [b for b, r in rows.items() if any(f'i1_shifts_{kb}' in r for kb in cache_kb)]
    if not shifted:
        return
    n = max(len(rows[b][f'i1_shifts_{kb}']) for b in shifted for kb in cache_kb
            if f'i1_shifts_{kb}' in rows[b])
    md.append(f'\nI1 misses over {n} placements of the hot text: each BOLT output made again with '
              'its hot text shifted by k/n of the cache\'s set period (size / 8 ways), '
              'llvm-bolt -pad-funcs-before on its first function; the same code and order, other '
              'cache sets against the rest of the process (libc). x bolt: mean against plain '
              'llvm-bolt\'s mean.\n')
    cols = [kb for kb in cache_kb if any(f'i1_shifts_{kb}' in rows[b] for b in shifted)]
    md.append('| binary | ' + ' | '.join(f'{kb} KiB: as built | mean | min | max | x bolt'
                                         for kb in cols) + ' |')
    md.append('|---|' + '---:|---:|---:|---:|---:|' * len(cols))
    for b in shifted:
        cells = []
        for kb in cols:
            ms = rows[b].get(f'i1_shifts_{kb}')
            x = ratio(rows, b, f'i1_mean_{kb}')
            cells += ([f'{ms[0]:,}', f'{rows[b][f"i1_mean_{kb}"]:,}', f'{min(ms):,}',
                       f'{max(ms):,}'] if ms else [''] * 4) + [f'{x:.4f}' if x else '']
        md.append(f'| {b} | ' + ' | '.join(cells) + ' |')


def counts_tables(prog, d, bins, J, cache_kb, md, count_rows):
    """Issue 30's counts: per binary the taken jumps and instructions of the program's own code
    (the judge's callgrind run) and the I1 misses of cachegrind's runs, against plain
    llvm-bolt's on the same input; then the bars, apply against llvm-bolt."""
    rows = collections.OrderedDict()
    library = False
    for b in bins:
        s = J[b]['summary']
        r = {'taken_jumps': s['taken_jumps'], 'instructions': s['instructions']}
        # llvm-bolt strips nops and apply keeps the input's: what the padding that runs adds.
        if 'executed_nops' in s:
            r['instructions_less_nops'] = s['instructions'] - s['executed_nops']
        for kb in cache_kb:
            cg = os.path.join(d, f'cache{kb}-{b}')
            shifts = [m for m in (cache_misses(cg, b), *shifted_misses(cg, b)) if m]
            if shifts:
                library = library or shifts[0][1]
                r[f'i1_misses_{kb}'] = shifts[0][0]
            # run.sh's cache_shifted: the same layout with its hot text at other set offsets.
            if len(shifts) > 1:
                r[f'i1_shifts_{kb}'] = [m for m, _ in shifts]
                r[f'i1_mean_{kb}'] = round(sum(r[f'i1_shifts_{kb}']) / len(shifts))
        rows[b] = r
    cols = [('taken_jumps', 'taken jumps'), ('instructions', 'instructions')]
    if all('instructions_less_nops' in r for r in rows.values()):
        cols.append(('instructions_less_nops', 'instructions less nops'))
    cols += [(f'i1_misses_{kb}', f'I1 misses {kb} KiB') for kb in cache_kb]
    md.append(f'\n#### {prog}: counts against plain llvm-bolt\n')
    whose = ("of the library's own code (callgrind's simulation of the cache, its object "
             'alone' if library else 'of the whole process (cachegrind')
    md.append('Taken jumps and instructions of the program\'s own code (callgrind, the run '
              'above; less nops: without the nops that ran, the padding llvm-bolt strips); '
              f'I1 misses {whose}, no address randomization, '
              'I1 of that size, 8-way, 64-byte lines). x bolt: against plain llvm-bolt on the '
              'same input (nopl: in.bolt).\n')
    md.append('| binary | ' + ' | '.join(f'{t} | x bolt' for _, t in cols) + ' |')
    md.append('|---|' + '---:|---:|' * len(cols))
    for b, r in rows.items():
        cells = []
        for k, _ in cols:
            x = ratio(rows, b, k)
            cells += [f'{r[k]:,}' if k in r else '', f'{x:.4f}' if x is not None else '']
        md.append(f'| {b} | ' + ' | '.join(cells) + ' |')
        out = {'program': prog, 'binary': b, 'bolt': bolt_of(b)}
        for k, _ in cols:
            x = ratio(rows, b, k)
            out[k] = r.get(k, '')
            out[f'{k}_x_bolt'] = f'{x:.4f}' if x is not None else ''
        for kb in cache_kb:  # the mean over the placements (i1_placements)
            x = ratio(rows, b, f'i1_mean_{kb}')
            out[f'i1_mean_{kb}'] = r.get(f'i1_mean_{kb}', '')
            out[f'i1_mean_{kb}_x_bolt'] = f'{x:.4f}' if x is not None else ''
        count_rows.append(out)
    i1_placements(rows, cache_kb, md)
    for b in (b for b in bins if b.endswith('.apply')):
        said = []
        for k, text, most in BARS:
            x = ratio(rows, b, k)
            # The I1 bar on the mean over the placements, where both have them.
            mean = ratio(rows, b, k.replace('misses', 'mean'))
            if k.startswith('i1_') and mean is not None:
                said.append(f"{text}, mean over the placements {mean:.4f}x (at most {most}: "
                            f"{'met' if mean <= most else 'NOT met'}; as built {x:.4f}x)")
                continue
            if x is not None:
                said.append(f"{text} {x:.4f}x (at most {most}: {'met' if x <= most else 'NOT met'})")
            less = ratio(rows, b, 'instructions_less_nops')
            if k == 'instructions' and x is not None and less is not None:
                said[-1] = said[-1][:-1] + f'; less the nops that ran {less:.4f}x)'
        if said:
            md.append(f'- the block-order bars, {b} against {bolt_of(b)}: ' + '; '.join(said))


def split_warnings(d):
    """{log: lines} of llvm-bolt's warnings that a function of its input was split (it then
    cannot keep that function's code: tools/hotlayout/README.md) in apply's and llvm-bolt's
    logs of this program."""
    found = {}
    for name in sorted(os.listdir(d)):
        if re.match(r'(apply-.*\.txt|bolt-.*\.log)$', name):
            n = sum('split function detected' in line for line in open(os.path.join(d, name)))
            if n:
                found[name] = n
    return found


def apply_line(path):
    for line in open(path) if os.path.exists(path) else ():
        if 'locked functions:' in line:
            return line.strip()
    return ''


def loop_name(lp):
    return f"{lp['function']}+{lp['offset_in_function']:#x}"


def notes_on(b, judge, md):
    """What stands out in one binary's hot loops."""
    s, hot = judge['summary'], [lp for lp in judge['loops'] if lp['hot']]
    worst = max(hot, key=lambda lp: lp['taken'] * lp['extra'], default=None)
    if worst and worst['extra']:
        share = worst['taken'] * worst['extra'] / s['hot_taken']
        md.append(f"- {b}: the largest share of the extra lines, {share:.3f} of "
                  f"{s['weighted_extra']:.3f}: {loop_name(worst)} (count {worst['taken']}, "
                  f"{worst['per_entry'] or 0:.1f} per entry, span {worst['span']} B, "
                  f"{worst['hot_bytes']} hot B, {worst['lines']} lines where "
                  f"{worst['min_lines']} would do)")
    big = sorted((lp for lp in hot if lp['min_lines'] > 1), key=lambda lp: -lp['taken'])
    if big:
        md.append(f"- {b}: {len(big)} of {len(hot)} hot loops need more than one line; "
                  "hottest: " + ', '.join(f"{loop_name(lp)} ({lp['hot_bytes']} hot B of "
                                          f"{lp['span']}, min {lp['min_lines']})" for lp in big[:3]))
    multi = s['multi_loop_functions']
    if multi:
        md.append(f"- {b}: functions with several hot loops (how many of the 64 start shifts "
                  "put all on their fewest lines; else how many one shift can put there): " +
                  ', '.join(f"{m['function']} {m['hot_loops']} ("
                            + (f"{len(m['shifts_fitting_all'])} shifts)" if m['shifts_fitting_all']
                               else f"none; at best {m['most_fitted_by_a_shift']})")
                            for m in multi))


def program_tables(prog, work, bins, out_rows, loop_rows, md, cache_kb=(), count_rows=None):
    d = os.path.join(work, prog)
    # No edited build (run.sh's programs built by their own build systems): nothing changed.
    changed = changed_functions(os.path.join(d, 'in'), os.path.join(d, 'v2')) if 'v2' in bins else []
    J = {b: load(os.path.join(d, f'judge-{b}.json')) for b in bins}
    C = {b: load(os.path.join(d, f'check-{b}.json')) for b in bins}
    md.append(f'\n### {prog}\n')
    in_text = code_bytes(os.path.join(d, 'in'))[1]
    md.append('| binary | hot loops (tight) | straddling | count-weighted extra lines | at 90% '
              'coverage: hot, straddling, extra | hot loops at the reference\'s addresses | '
              'check: hot (tight), straddling, extra | both hot (verdicts differ) | judge only | '
              'check only | code / in\'s .text |')
    md.append('|---|---:|---:|---:|---|---|---|---|---:|---:|---:|')
    reasons_by = collections.OrderedDict()
    for b in bins:
        j, c = J[b], C[b]
        s = j['summary']
        prof = os.path.join(d, f"p-{b.split('.')[0]}.fdata")
        rows, agree, reasons = compare(j, c, back_edge_counts(prof))
        loop_rows.extend(dict(program=prog, binary=b, **r) for r in rows)
        same = ''
        if b in REFERENCE and REFERENCE[b] in J:
            skip = changed if b.startswith('v2') else ()
            n, of = same_place(j, J[REFERENCE[b]], skip)
            same = f'{n} of {of} (as {REFERENCE[b]})'
        h90, s90, e90 = at_coverage(j, 0.9)
        cs = sum(lp['straddles'] for lp in c['loops'])
        ct = sum(lp.get('tight', True) for lp in c['loops'])
        ce = c['summary'].get('weighted_extra_lines', 0.0)
        size = code_bytes(os.path.join(d, b))[0] / in_text
        md.append(f"| {b}: {LABEL.get(b, b)} | {s['hot']} ({s['tight']}) | {s['straddling']} | "
                  f"{s['weighted_extra']:.3f} | {h90}, {s90}, {e90:.3f} | {same} | "
                  f"{len(c['loops'])} ({ct}), {cs}, {ce:.3f} | {agree['both']} "
                  f"({agree['verdict_differs']}) | {agree['judge_only']} | {agree['check_only']} | "
                  f"{size:.3f} |")
        out_rows.append({'program': prog, 'binary': b, 'hot': s['hot'], 'tight': s['tight'],
                         'straddling': s['straddling'],
                         'weighted_extra': f"{s['weighted_extra']:.4f}",
                         'hot_90': h90, 'straddling_90': s90, 'weighted_extra_90': f'{e90:.4f}',
                         'larger_than_a_line': s['larger_than_a_line'],
                         'check_hot': len(c['loops']), 'check_straddling': cs,
                         'check_weighted_extra': f'{ce:.4f}', 'code_ratio': f'{size:.4f}',
                         'check_rule': c['hotness']['rule'], **agree, 'same_place': same})
        key = '; '.join(f'{k}: {v}' for k, v in sorted(reasons.items()))
        reasons_by.setdefault(key, []).append(b)
    if 'v2' in bins:
        md.append(f'\nEdited: the functions whose size changed from in to v2 ({", ".join(changed) or "none"}); '
                  'the v2 rows\' address column leaves their loops out.')
    md.append('\nWhere the judge and `hotlayout check --profile` disagree (loops joined by start '
              'address; check\'s rule: ' + ', '.join(sorted({
                  f"{C[b]['hotness']['rule']} on {'BOLT output' if '.' in b else 'the builds'}"
                  for b in bins})) + '):')
    for key, bs in reasons_by.items():
        md.append(f"- {', '.join(bs)}: {key}")
    md.append('\nNotes:')
    for b in ('in', 'in.bolt', 'in.apply'):
        if b in J:
            notes_on(b, J[b], md)
    for b in bins:
        line = apply_line(os.path.join(d, f"apply-{b.split('.')[0]}.txt")) if b.endswith('.apply') else ''
        if line:
            md.append(f'- {b}: {line}')
    split = split_warnings(d)
    md.append('- llvm-bolt\'s "split function detected" warnings: ' +
              (', '.join(f'{n} in {name}' for name, n in split.items()) if split else 'none'))
    if count_rows is not None:
        counts_tables(prog, d, bins, J, cache_kb, md, count_rows)


# ---------------------------------------------------------------- --input-only

def text_bytes(binary):
    """Bytes of the binary's .text* sections."""
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    out = subprocess.run([os.path.join(llvm, 'llvm-readelf'), '-SW', binary], check=True,
                         capture_output=True, text=True).stdout
    total = 0
    for line in out.splitlines():
        m = re.match(r'\s*\[\s*\d+\]\s+(\.text\S*)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)', line)
        if m:
            total += int(m.group(2), 16)
    return total


def text_contents(binary):
    """The bytes of the binary's .text section."""
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    return subprocess.run([os.path.join(llvm, 'llvm-objcopy'), '-O', 'binary', '--only-section=.text',
                           binary, '/dev/stdout'], check=True, capture_output=True).stdout


def instructions_executed(cgdir):
    """Instructions the workload executed (callgrind's Ir totals, summed over its runs)."""
    total = 0
    for name in sorted(os.listdir(cgdir)):
        if name.startswith('cg.'):
            for line in open(os.path.join(cgdir, name)):
                if line.startswith('totals:'):
                    total += int(line.split()[1])
    return total


def block_addresses(binary):
    """{(function, address-map block ID): address} from the binary's .llvm_bb_addr_map."""
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    out = subprocess.run([os.path.join(llvm, 'llvm-readobj'), '--bb-addr-map', binary], check=True,
                         capture_output=True, text=True).stdout
    addr, fn, base = {}, None, 0
    bid = None
    for line in out.splitlines():
        f = line.strip().split(': ', 1)
        if len(f) != 2:
            continue
        k, v = f
        if k == 'Name':
            fn = v
        elif k == 'Base Address':
            base = int(v, 16)
        elif k == 'ID':
            bid = int(v)
        elif k == 'Offset' and bid is not None:
            addr[(fn, bid)] = base + int(v, 16)
            bid = None
    return addr


def remark_docs(path):
    """The remarks of one -fsave-optimization-record file: dicts with Kind (Passed, Missed,
    Analysis), Pass, Name, Function and Args (a list of one-key dicts). LLVM writes a plain
    YAML subset (one scalar per line), read here without a YAML library."""
    docs, doc = [], None
    for line in open(path):
        line = line.rstrip('\n')
        m = re.match(r'--- !(\w+)', line)
        if m:
            doc = {'Kind': m.group(1), 'Args': []}
            docs.append(doc)
            continue
        if doc is None:
            continue
        m = re.match(r'(Pass|Name|Function):\s+(.*)$', line)
        if m:
            doc[m.group(1)] = unquote(m.group(2))
            continue
        m = re.match(r'\s+- (\w+):\s+(.*)$', line)
        if m:
            doc['Args'].append({m.group(1): unquote(m.group(2))})
    return docs


def unquote(v):
    if len(v) >= 2 and v[0] == v[-1] == "'":
        return v[1:-1].replace("''", "'")
    if len(v) >= 2 and v[0] == v[-1] == '"':
        return v[1:-1]
    return v


def hotalign_records(objdir):
    """hotalign's remarks in the .opt.yaml files under OBJDIR (-fsave-optimization-record):
    {(function, block): {'bbid', 'hot', 'hot_bytes', 'decision', 'why'}}; decision is
    'aligned' or the missed remark's name. Under it, not only in it: a program built by its own
    build system (CMake, autotools) leaves each record beside its object, in the build tree."""
    recs = collections.defaultdict(dict)
    paths = sorted(os.path.join(d, n) for d, _, names in os.walk(objdir) for n in names
                   if n.endswith('.opt.yaml'))
    for path in paths:
        for doc in remark_docs(path):
            if doc.get('Pass') != 'hotalign':
                continue
            args = {}
            for a in doc['Args']:
                args.update(a)
            if 'Block' not in args:
                continue
            # Of the analysis remarks only `Loop` gives a loop's numbers; the
            # others about the loop (CasesBeforeLoop, IndirectNotFollowed) name
            # its block too, without them.
            if doc['Kind'] == 'Analysis' and doc.get('Name') != 'Loop':
                continue
            r = recs[(doc.get('Function'), args['Block'])]
            if doc['Kind'] == 'Analysis':
                r['bbid'] = int(args['BBID']) if 'BBID' in args else None
                r['hot'] = args.get('Hot') == 'hot'
                r['hot_bytes'] = int(args.get('HotBytes', 0))
            elif doc['Kind'] == 'Passed':
                r['decision'] = 'aligned'
            else:
                r['decision'] = doc.get('Name')
                r['why'] = ''.join(next(iter(a.values())) for a in doc['Args'])
    return recs


def agreement(judge, recs, addrs):
    """hotalign's hot set against the judge's, loop by loop (joined by the loop's target
    address): precision, recall, and the judge's hot count hotalign calls cold."""
    by_addr = {}
    for (fn, block), r in recs.items():
        a = addrs.get((fn, r.get('bbid')))
        if a is not None:
            by_addr[a] = r
    jl = {lp['target']: lp for lp in judge['loops']}
    hot = {a for a, lp in jl.items() if lp['hot']}
    mine = {a for a, r in by_addr.items() if r.get('hot')}
    both = hot & mine
    w = sum(jl[a]['taken'] for a in hot)
    missed = sum(jl[a]['taken'] for a in hot - mine)
    return {'compiler_hot': len(mine), 'judge_hot': len(hot), 'both': len(both),
            'precision': len(both) / len(mine) if mine else 1.0,
            'recall': len(both) / len(hot) if hot else 1.0,
            'taken_missed': missed / w if w else 0.0,
            'compiler_hot_not_judged': len(mine - set(jl)),
            'by_addr': by_addr}


def input_tables(work, out, progs):
    """run.sh --input-only: per program, nopl and in judged by callgrind (tight hot loops
    straddling / hot, count-weighted extra lines; all hot loops' too), file and .text sizes,
    instructions executed (in: relative to nopl, what the padding that runs costs), and
    hotalign's hot set against the judge's. Writes R/aligned-input.{txt,csv}."""
    md = ['## The compiler\'s half: PGO + hotalign against the callgrind judge\n',
          'Straddling: tight hot loops (hot bytes <= 256) on more lines than at their best start '
          'offset, of the tight hot loops; weighted: count-weighted extra lines per iteration '
          '(tight loops). All: the same over every hot loop. hotalign vs judge: hotalign\'s '
          'hot loops (-Rpass-analysis) joined with the judge\'s by start address: precision, '
          'recall, and the share of the judge\'s hot back-edge count that hotalign calls cold. '
          'Instructions: executed by the workload (callgrind), in against nopl.\n',
          '| program | binary | straddling / tight hot | weighted | all: straddling / hot, '
          'weighted | file bytes | .text bytes | instructions | hotalign vs judge: precision, '
          'recall, count missed |', '|---|---|---|---|---|---:|---:|---:|---|']
    rows, notes = [], []
    for p in progs:
        d = os.path.join(work, p)
        for b in ('nopl', 'in'):
            path = os.path.join(d, b)
            s = load(os.path.join(d, f'judge-{b}.json'))['summary']
            agree = ''
            row = {'program': p, 'binary': b, 'hot': s['hot'], 'tight': s['tight'],
                   'straddling': s['straddling'], 'weighted_extra': f"{s['weighted_extra']:.4f}",
                   'straddling_all': s['straddling_all'],
                   'weighted_extra_all': f"{s['weighted_extra_all']:.4f}",
                   'file_bytes': os.path.getsize(path), 'text_bytes': text_bytes(path),
                   'instructions': instructions_executed(os.path.join(d, f'cg-{b}'))}
            ins = f"{row['instructions']:,}"
            if b == 'in' and rows and rows[-1]['instructions']:
                ins = f"{row['instructions'] / rows[-1]['instructions'] - 1:+.3%}"
            if b == 'in' and os.path.isdir(os.path.join(d, 'obj-rec')):
                judge = load(os.path.join(d, 'judge-in.json'))
                if text_contents(path) != text_contents(os.path.join(d, 'rec')):
                    notes.append(f'- {p}: the remarks build (rec) has other code than in: '
                                 'its remarks are joined by block IDs, approximately')
                recs = hotalign_records(os.path.join(d, 'obj-rec'))
                g = agreement(judge, recs, block_addresses(path))
                agree = f"{g['precision']:.2f}, {g['recall']:.2f}, {g['taken_missed']:.4f}"
                row.update({k: (f'{v:.4f}' if isinstance(v, float) else v)
                            for k, v in g.items() if k != 'by_addr'})
                for lp in sorted(judge['loops'], key=lambda lp: -lp['taken']):
                    if lp['hot'] and lp['tight'] and lp['extra']:
                        r = g['by_addr'].get(lp['target'], {})
                        notes.append(f"- {p} in: {lp['function']}+{lp['offset_in_function']:#x} "
                                     f"straddles (count {lp['taken']}, {lp['hot_bytes']} hot B, "
                                     f"{lp['lines']} lines, min {lp['min_lines']}); hotalign: "
                                     f"{r.get('decision', 'no remark')}"
                                     + (f" ({r['why']})" if r.get('why') else '')
                                     + (f", estimated {r['hot_bytes']} hot B" if 'hot_bytes' in r else ''))
            md.append(f"| {p} | {b} | {s['straddling']} / {s['tight']} | {s['weighted_extra']:.3f} "
                      f"| {s['straddling_all']} / {s['hot']}, {s['weighted_extra_all']:.3f} | "
                      f"{row['file_bytes']:,} | {row['text_bytes']:,} | {ins} | {agree} |")
            rows.append(row)
    if notes:
        md += ['\nStraddling tight hot loops of `in`, with what hotalign said of each:'] + notes
    fields = []
    for r in rows:
        fields += [k for k in r if k not in fields]
    with open(os.path.join(out, 'aligned-input.csv'), 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)
    text = '\n'.join(md) + '\n'
    with open(os.path.join(out, 'aligned-input.txt'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--work', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--bins')
    ap.add_argument('--cache-kb', default='',
                    help='I1 sizes (KiB) of run.sh\'s cachegrind runs, e.g. "8 32"')
    ap.add_argument('--input-only', action='store_true',
                    help='run.sh --input-only\'s table: nopl and in only')
    ap.add_argument('programs', nargs='+')
    a = ap.parse_args()
    if a.input_only:
        input_tables(a.work, a.out, a.programs)
        return
    if not a.bins:
        ap.error('--bins is required without --input-only')
    bins = a.bins.split()
    out_rows, loop_rows, md = [], [], []
    md.append('## Hot loops on cache lines, counted by callgrind (bench/common/callgrind_loops.py)\n')
    md.append('Loop: a taken direct backward jump inside one function that closes a cycle; hot: '
              'taken >= 2x per entry of the loop and among the loops making up 99% of all '
              'such back-edge counts (90% in the extra column); its bytes: the instructions of '
              'the span run >= count/8 times; straddling: they touch more 64-byte lines than at '
              'their best start offset; count-weighted extra lines = sum(count x extra) / '
              'sum(count). Reference for the address column: the same kind of binary built '
              'from `in`.')
    count_rows = []
    cache_kb = [int(k) for k in a.cache_kb.split()]
    for p in a.programs:
        program_tables(p, a.work, bins, out_rows, loop_rows, md, cache_kb, count_rows)
    for p in a.programs:
        f = os.path.join(a.out, f'aligned-tooltime-{p}.txt')
        if os.path.exists(f):
            md.append(f'\n### {p}: hotlayout apply vs llvm-bolt, wall time (interleaved)\n')
            md.append(open(f).read().rstrip())
    for name, rows in (('aligned-summary.csv', out_rows), ('aligned-loops.csv', loop_rows),
                       ('aligned-counts.csv', count_rows)):
        with open(os.path.join(a.out, name), 'w', newline='') as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    text = '\n'.join(md) + '\n'
    with open(os.path.join(a.out, 'aligned-summary.txt'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""tables.py --work W --out R --bins 'B1 B2 ...' PROG...: issue 11's tables from run.sh's files.

Reads, per program and binary, W/PROG/judge-B.json (callgrind_loops.py report --json --all),
W/PROG/check-B.json (hotlayout check --profile --json), the profiles W/PROG/p-*.fdata and
W/PROG/apply-*.txt; writes
  R/aligned-summary.csv  one row per program and binary: the judge's hot loops, straddling,
                         count-weighted extra lines (also at 90% coverage), check's, where they
                         agree, and how many hot loops sit where the reference binary has them
  R/aligned-loops.csv    one row per hot loop (the judge's) per binary, with check's verdict
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
    issue 20's size limit compares (BOLT's copy of the input, .bolt.org.text, runs nothing)."""
    llvm = os.environ.get('LLVM_BIN', '/usr/lib/llvm-22/bin')
    out = subprocess.run([os.path.join(llvm, 'llvm-readelf'), '-SW', binary], check=True,
                         capture_output=True, text=True).stdout
    every = text = 0
    for line in out.splitlines():
        f = line.replace('[ ', '[').split()
        if len(f) > 5 and f[1].startswith('.text'):
            every += int(f[5], 16)
            if f[1] == '.text':
                text += int(f[5], 16)
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


def program_tables(prog, work, bins, out_rows, loop_rows, md):
    d = os.path.join(work, prog)
    changed = changed_functions(os.path.join(d, 'in'), os.path.join(d, 'v2'))
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--work', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--bins', required=True)
    ap.add_argument('programs', nargs='+')
    a = ap.parse_args()
    bins = a.bins.split()
    out_rows, loop_rows, md = [], [], []
    md.append('## Hot loops on cache lines, counted by callgrind (bench/common/callgrind_loops.py)\n')
    md.append('Loop: a taken direct backward jump inside one function that closes a cycle; hot: '
              'taken >= 2x per entry of its function and among the loops making up 99% of all '
              'such back-edge counts (90% in the extra column); its bytes: the instructions of '
              'the span run >= count/8 times; straddling: they touch more 64-byte lines than at '
              'their best start offset; count-weighted extra lines = sum(count x extra) / '
              'sum(count). Reference for the address column: the same kind of binary built '
              'from `in`.')
    for p in a.programs:
        program_tables(p, a.work, bins, out_rows, loop_rows, md)
    for p in a.programs:
        f = os.path.join(a.out, f'aligned-tooltime-{p}.txt')
        if os.path.exists(f):
            md.append(f'\n### {p}: hotlayout apply vs llvm-bolt, wall time (interleaved)\n')
            md.append(open(f).read().rstrip())
    for name, rows in (('aligned-summary.csv', out_rows), ('aligned-loops.csv', loop_rows)):
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

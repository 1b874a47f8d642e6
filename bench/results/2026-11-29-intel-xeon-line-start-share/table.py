#!/usr/bin/env python3
"""table.py NEW_DIR [OLD_CSV...]: the README's table of this run.

NEW_DIR: a bench/aligned-lock RESULTS_DIR (aligned-counts.csv, aligned-summary.csv), or
several joined by commas. Per program, in.apply against plain llvm-bolt: taken jumps,
instructions, I1 misses at 8 KiB (mean over the placements), and straddling / tight hot
loops of in, in.bolt, in.apply; with OLD_CSV (earlier aligned-counts files), the earlier
instructions and 8 KiB ratios beside.
"""
import csv, os, sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main():
    counts, summ = [], []
    for d in sys.argv[1].split(','):
        counts += rows(os.path.join(d, 'aligned-counts.csv'))
        summ += rows(os.path.join(d, 'aligned-summary.csv'))
    old = {}
    for p in sys.argv[2:]:
        for r in rows(p):
            if r['binary'] == 'in.apply':
                old[r['program']] = r
    loops = {(r['program'], r['binary']): '%s/%s' % (r['straddling'], r['tight']) for r in summ}
    print('| program | taken jumps | instructions | 8 KiB I1 mean | straddling/tight: in, bolt, apply |'
          + (' earlier: instructions, 8 KiB |' if old else ''))
    print('|---|---|---|---|---|' + ('---|' if old else ''))
    for r in counts:
        if r['binary'] != 'in.apply':
            continue
        p = r['program']
        line = '| %s | %s | %s | %s | %s, %s, %s |' % (
            p, r['taken_jumps_x_bolt'], r['instructions_x_bolt'], r['i1_mean_8_x_bolt'],
            loops.get((p, 'in')), loops.get((p, 'in.bolt')), loops.get((p, 'in.apply')))
        if old:
            o = old.get(p)
            line += ' %s |' % ('%s, %s' % (o['instructions_x_bolt'], o['i1_mean_8_x_bolt'])
                               if o else '')
        print(line)


if __name__ == '__main__':
    main()

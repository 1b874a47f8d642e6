#!/usr/bin/env python3
"""analyze.py times.csv: per config, median over builds of each build's median (raw and
within-round normalised: sample / median of all samples of that round), spread = max/min of the
builds' medians, and min."""
import sys, csv, statistics as st, collections
rows = list(csv.DictReader(open(sys.argv[1])))
byround = collections.defaultdict(list)
for r in rows: byround[r['round']].append(float(r['seconds']))
rmed = {k: st.median(v) for k, v in byround.items()}
d = collections.defaultdict(lambda: collections.defaultdict(list))
dn = collections.defaultdict(lambda: collections.defaultdict(list))
for r in rows:
    t = float(r['seconds']); d[r['config']][r['build']].append(t); dn[r['config']][r['build']].append(t / rmed[r['round']])
print(f"rounds: {len(byround)}, samples: {len(rows)}")
print('| config | builds | median of build medians (s) | spread max/min of build medians | min of build minima (s) | spread of build minima | normalised: median of build medians | normalised spread |')
print('|---|---:|---:|---:|---:|---:|---:|---:|')
for cfg in sorted(d):
    meds = [st.median(v) for v in d[cfg].values()]
    mins = [min(v) for v in d[cfg].values()]
    nmeds = [st.median(v) for v in dn[cfg].values()]
    print(f"| {cfg} | {len(meds)} | {st.median(meds):.4f} | {max(meds)/min(meds):.4f} | {min(mins):.4f} | {max(mins)/min(mins):.4f} | {st.median(nmeds):.4f} | {max(nmeds)/min(nmeds):.4f} |")
print()
for cfg in sorted(d):
    print(cfg, 'per-build median / min / normalised median:', ' '.join(f"{b}:{st.median(v):.4f}/{min(v):.4f}/{st.median(dn[cfg][b]):.4f}" for b, v in sorted(d[cfg].items())))

import sys, json, subprocess
order = [l.rstrip('\n') for l in open(sys.argv[1]) if l.strip()]
locked = {f['name'] for f in json.load(open(sys.argv[2]))['functions']}
out = subprocess.run(['llvm-nm-22', '-n', '--defined-only', sys.argv[3]], capture_output=True, text=True).stdout
pos = {}
for i, l in enumerate(out.splitlines()):
    p = l.split()
    if len(p) == 3 and p[1] in 'tTwW' and p[2] not in pos: pos[p[2]] = i
head = [n for n in order if n.split('/')[0] in locked]
rest = [n for n in order if n.split('/')[0] not in locked]
known = sorted((n for n in rest if n.split('/')[0] in pos), key=lambda n: pos[n.split('/')[0]])
unknown = [n for n in rest if n.split('/')[0] not in pos]
# the locked ones must stay first, in the order apply wrote them
assert order[:len(head)] == head, 'locked functions not first'
print('\n'.join(head + known + unknown))

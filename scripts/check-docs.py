#!/usr/bin/env python3
"""check-docs.py ROOT: the project's Markdown pages hold together.

- README.md has at most 300 lines (a newcomer's page: the rest lives in the
  page of its topic);
- every relative link of every tracked page (and of pages not yet tracked,
  under ROOT) names a file that exists, and an anchor that one of its headings
  makes (GitHub's rule: lower case, punctuation dropped, blanks to '-');
- no page points a reader at an "issue N" they cannot follow.
Prints one line per problem and a summary; exit 1 on any problem.
bench/results/ is history and is not checked.
"""

import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
ISSUE = re.compile(r"\bissues? [0-9]+\b", re.IGNORECASE)
MAX_README_LINES = 300


def pages(root):
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        dirs[:] = [x for x in dirs if not x.startswith(('.', 'build'))
                   and os.path.join(rel, x) not in ('bench/results', 'bench/work')]
        for f in files:
            if f.endswith('.md'):
                yield os.path.normpath(os.path.join(rel, f))


def anchors(path):
    found = set()
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'#+ (.*)', line)
            if m:
                slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower())
                found.add(slug.replace(' ', '-'))
    return found


def check(root):
    problems = []
    readme = os.path.join(root, 'README.md')
    with open(readme, encoding='utf-8') as f:
        n = sum(1 for _ in f)
    if n > MAX_README_LINES:
        problems.append('README.md: %d lines, more than %d' % (n, MAX_README_LINES))
    for page in sorted(pages(root)):
        full = os.path.join(root, page)
        with open(full, encoding='utf-8') as f:
            for no, line in enumerate(f, 1):
                if ISSUE.search(line):
                    problems.append('%s:%d: refers to "%s"' % (page, no, ISSUE.search(line).group(0)))
                for m in LINK.finditer(line):
                    target = m.group(1)
                    if target.startswith(('http:', 'https:', 'mailto:')):
                        continue
                    path, _, anchor = target.partition('#')
                    dest = os.path.normpath(os.path.join(os.path.dirname(full), path)) if path else full
                    if not os.path.exists(dest):
                        problems.append('%s:%d: no such file: %s' % (page, no, target))
                    elif anchor and dest.endswith('.md') and anchor not in anchors(dest):
                        problems.append('%s:%d: no such heading: %s' % (page, no, target))
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    problems = check(root)
    for p in problems:
        print(p)
    print('check-docs: %d pages, %d problems' % (sum(1 for _ in pages(root)), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

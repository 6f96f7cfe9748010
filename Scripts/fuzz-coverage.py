#!/usr/bin/env python3
"""Sums libFuzzer's -print_coverage=1 output (read on stdin) per source file.

Prints, for each file under Sources/, the edges the corpus reaches out of the edges the compiler
instrumented, and a total for the files whose path contains the optional argument (for example
"PropertyFormats/JSON/"). Used by `Scripts/fuzz.sh TARGET coverage`.
"""
import collections
import re
import sys

focus = sys.argv[1] if len(sys.argv) > 1 else "Sources/"
pattern = re.compile(r"^(COVERED|UNCOVERED)_FUNC: hits: \d+ edges: (\d+)/(\d+) \S+ (\S+):\d+")
files = collections.defaultdict(lambda: [0, 0, 0, 0])  # edges hit, edges, functions hit, functions
for line in sys.stdin:
    match = pattern.match(line)
    if not match or "/Sources/" not in match.group(4):
        continue
    path = match.group(4).split("/Sources/", 1)[1]
    entry = files[path]
    entry[0] += int(match.group(2))
    entry[1] += int(match.group(3))
    entry[2] += match.group(1) == "COVERED"
    entry[3] += 1

total = [0, 0, 0, 0]
for path in sorted(files):
    hit, edges, functions_hit, functions = files[path]
    if focus.replace("Sources/", "") in path or focus == "Sources/":
        total = [a + b for a, b in zip(total, files[path])]
        print(f"{hit:6}/{edges:<6} edges {functions_hit:4}/{functions:<4} functions  Sources/{path}")
if total[1]:
    print(f"TOTAL {focus}: {total[0]}/{total[1]} edges ({100 * total[0] / total[1]:.1f}%), "
          f"{total[2]}/{total[3]} functions ({100 * total[2] / total[3]:.1f}%)")

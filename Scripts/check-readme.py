#!/usr/bin/env python3
"""Checks that every ```swift block of README.md appears, line for line, in a Swift test file.

The tests compile and run those files, so a README sample that drifts from compiling code fails
CI. Lines are compared with surrounding whitespace removed; blank lines are ignored.
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text(encoding="utf-8")


def normalize(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


blocks = []
inside = False
current = []
start = 0
for number, line in enumerate(readme.splitlines(), 1):
    if not inside and line.strip() == "```swift":
        inside, current, start = True, [], number
    elif inside and line.strip() == "```":
        inside = False
        blocks.append((start, "\n".join(current)))
    elif inside:
        current.append(line)

sources = []
for path in list((root / "Tests").rglob("*.swift")) + list((root / "Examples").rglob("*.swift")):
    sources.append((path, normalize(path.read_text(encoding="utf-8"))))


def contains(haystack, needle):
    if not needle:
        return True
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index : index + len(needle)] == needle:
            return True
    return False


missing = []
for start, block in blocks:
    lines = normalize(block)
    if "// not compiled: package manifest" in block:
        continue
    if not any(contains(text, lines) for _, text in sources):
        missing.append(start)

print(f"README swift samples: {len(blocks)}, found in tests: {len(blocks) - len(missing)}")
for start in missing:
    print(f"README.md:{start}: this swift sample does not appear verbatim in any test or example file")
sys.exit(1 if missing else 0)

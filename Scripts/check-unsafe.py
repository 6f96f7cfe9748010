#!/usr/bin/env python3
"""Checks that every unsafe construct names the benchmark row that needs it.

    python3 Scripts/check-unsafe.py          # exit 1 listing each construct without a row

The constructs are `@inline(__always)`, `@exclusivity(unchecked)`, `Unmanaged`,
`_withUnsafeGuaranteedRef`, `unsafeBitCast` and `unowned(unsafe)`. Each stays only where removing
it costs at least 5% on a named resolve-time or load-time benchmark row (CONTRIBUTING.md,
"Unsafe code"), and says which row in a comment:

    // Benchmark: json.load.5MB
    @inline(__always)
    func peek() -> UInt8 { ... }

A `// Benchmark: <row>[, <row>]` comment covers the lines below it up to the next blank line (a
trailing one covers its own line). Each row must be a row of Benchmarks/RESULTS.md or of
Scripts/instruction-ratio.sh. Documentation comments (`///`) are not code and are skipped.

Only the folders in AUDITED are checked: a folder joins the list once its constructs have been
measured and either removed or named.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
AUDITED = [
    "Sources/PropertyFormats",
]
CONSTRUCTS = (
    "@inline(__always)",
    "@exclusivity(unchecked)",
    "Unmanaged",
    "_withUnsafeGuaranteedRef",
    "unsafeBitCast",
    "unowned(unsafe)",
)
MARKER = "// Benchmark:"


def known_rows() -> set[str]:
    rows: set[str] = set()
    results = (ROOT / "Benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    for line in results.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            rows.add(line.split("|")[1].strip())
    script = (ROOT / "Scripts" / "instruction-ratio.sh").read_text(encoding="utf-8")
    for line in script.splitlines():
        if line.count("|") == 5:
            rows.add(line.split("|")[0].strip())
    return rows


def marker_rows(text: str) -> list[str]:
    named = text.split(MARKER, 1)[1]
    return [row.strip().rstrip(".") for row in named.split(",") if row.strip()]


def check_file(path: pathlib.Path, rows: set[str]) -> list[str]:
    problems: list[str] = []
    covering: list[str] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            covering = None
            continue
        if stripped.startswith(MARKER):
            covering = marker_rows(stripped)
            unknown = [row for row in covering if row not in rows]
            if unknown:
                problems.append(f"{path.relative_to(ROOT)}:{number}: unknown benchmark row {', '.join(unknown)}")
            continue
        if stripped.startswith("///") or stripped.startswith("//"):
            continue
        code = line.split("//", 1)[0]
        if not any(construct in code for construct in CONSTRUCTS):
            continue
        named = marker_rows(line) if MARKER in line else covering
        if not named:
            problems.append(
                f"{path.relative_to(ROOT)}:{number}: an unsafe construct without a `{MARKER} <row>` comment: "
                + stripped)
    return problems


def main() -> int:
    rows = known_rows()
    problems: list[str] = []
    for folder in AUDITED:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            problems.extend(check_file(path, rows))
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-unsafe: {len(problems)} construct(s) without a benchmark row (see the script's header)")
        return 1
    print(f"check-unsafe: every unsafe construct in {', '.join(AUDITED)} names its benchmark row")
    return 0


if __name__ == "__main__":
    sys.exit(main())

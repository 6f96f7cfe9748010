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

Where a construct has no safe equivalent at all (reading runtime metadata, for instance), a
`// No safe equivalent: <reason>` comment takes the place of the row, on any path, covering lines
the same way; the reason must not be empty. The summary line counts the constructs it covers.

Every folder of Sources/ is checked.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
AUDITED = sorted(f"Sources/{path.name}" for path in (ROOT / "Sources").iterdir() if path.is_dir())
CONSTRUCTS = (
    "@inline(__always)",
    "@exclusivity(unchecked)",
    "Unmanaged",
    "_withUnsafeGuaranteedRef",
    "unsafeBitCast",
    "unowned(unsafe)",
)
MARKER = "// Benchmark:"
NO_SAFE = "// No safe equivalent:"


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


def check_file(path: pathlib.Path, rows: set[str]) -> tuple[list[str], int]:
    """The file's problems, and how many constructs a `No safe equivalent` comment covers."""
    problems: list[str] = []
    no_safe = 0
    # What covers the current line: "rows" (a Benchmark marker), "no-safe", or None.
    covering: str | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        stripped = line.strip()
        where = f"{path.relative_to(ROOT)}:{number}"
        if not stripped:
            covering = None
            continue
        if stripped.startswith(MARKER):
            named = marker_rows(stripped)
            unknown = [row for row in named if row not in rows]
            if unknown:
                problems.append(f"{where}: unknown benchmark row {', '.join(unknown)}")
            covering = "rows" if named else None
            continue
        if stripped.startswith(NO_SAFE):
            if not stripped.split(NO_SAFE, 1)[1].strip():
                problems.append(f"{where}: `{NO_SAFE}` without a reason")
                covering = None
            else:
                covering = "no-safe"
            continue
        if stripped.startswith("///") or stripped.startswith("//"):
            continue
        code = line.split("//", 1)[0]
        if not any(construct in code for construct in CONSTRUCTS):
            continue
        if MARKER in line and marker_rows(line):
            continue
        if NO_SAFE in line and line.split(NO_SAFE, 1)[1].strip():
            no_safe += 1
            continue
        if covering == "rows":
            continue
        if covering == "no-safe":
            no_safe += 1
            continue
        problems.append(
            f"{where}: an unsafe construct without a `{MARKER} <row>` or `{NO_SAFE} <reason>` comment: "
            + stripped)
    return problems, no_safe


def main() -> int:
    rows = known_rows()
    problems: list[str] = []
    no_safe = 0
    for folder in AUDITED:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            found, covered = check_file(path, rows)
            problems.extend(found)
            no_safe += covered
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-unsafe: {len(problems)} construct(s) without a benchmark row (see the script's header)")
        return 1
    print(
        f"check-unsafe: every unsafe construct in Sources/ names its benchmark row"
        f" or has no safe equivalent ({no_safe} marked `{NO_SAFE}`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

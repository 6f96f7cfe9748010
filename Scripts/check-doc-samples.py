#!/usr/bin/env python3
"""Checks that every ```swift block of the README and of the DocC catalogs compiles.

A sample compiles when it appears, line for line, in a Swift file of Tests/ or Examples/: the test
suite builds and runs those files (the samples live in `*DocSamples.swift` files). Lines are
compared with surrounding whitespace removed and blank lines ignored, so a sample may sit indented
inside a namespace struct. A block whose first line is `// not compiled: <reason>` (a package
manifest, a list of imports) is not compiled.

A package manifest block (`// not compiled: a package manifest`) is checked instead of compiled:
each `.product(name:package:)` of SwinjectKit names a library product of Package.swift, and where
the block has `.package` lines, `package:` is the identity of one of them (the last path component
of its URL or path, without `.git`), as SwiftPM requires.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
documents = [root / "README.md"] + sorted((root / "Sources").glob("*/*.docc/**/*.md"))


def normalize(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


def swift_blocks(path):
    blocks, inside, current, start = [], False, [], 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not inside and line.strip() == "```swift":
            inside, current, start = True, [], number
        elif inside and line.strip() == "```":
            inside = False
            blocks.append((start, "\n".join(current)))
        elif inside:
            current.append(line)
    if inside:
        blocks.append((start, None))
    return blocks


sources = []
for folder in ("Tests", "Examples"):
    for path in (root / folder).rglob("*.swift"):
        sources.append(normalize(path.read_text(encoding="utf-8")))


package_manifest = (root / "Package.swift").read_text(encoding="utf-8")
library_products = set(re.findall(r'\.library\(name: "([^"]+)"', package_manifest))


def manifest_problems(block):
    identities = set()
    for location in re.findall(r'\.package\((?:url|path): "([^"]+)"', block):
        identity = location.rstrip("/").rsplit("/", 1)[-1]
        identities.add(identity.removesuffix(".git").lower())
    problems = []
    for product, package in re.findall(r'\.product\(name: "([^"]+)", package: "([^"]+)"\)', block):
        if identities and package.lower() not in identities:
            problems.append(f'package: "{package}" is the identity of none of its .package lines')
        elif "swinjectkit" in package.lower() and product not in library_products:
            problems.append(f'"{product}" is no library product of Package.swift')
    return problems


def contains(haystack, needle):
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index : index + len(needle)] == needle:
            return True
    return False


total, skipped, manifests, problems = 0, 0, 0, []
for document in documents:
    name = document.relative_to(root)
    for start, block in swift_blocks(document):
        total += 1
        if block is None:
            problems.append(f"{name}:{start}: this swift block is never closed")
            continue
        lines = normalize(block)
        if not lines:
            problems.append(f"{name}:{start}: this swift block is empty")
        elif lines[0].startswith("// not compiled:"):
            skipped += 1
            if "manifest" in lines[0]:
                manifests += 1
                problems += [f"{name}:{start}: this package manifest: {p}" for p in manifest_problems(block)]
        elif not any(contains(text, lines) for text in sources):
            problems.append(
                f"{name}:{start}: this swift sample does not appear verbatim in any test or example file"
                " (add it to a *DocSamples.swift file, or mark it `// not compiled: <reason>`)")

print(f"swift samples in {len(documents)} documents: {total}, not compiled by design: {skipped},"
      f" package manifests checked: {manifests}, problems: {len(problems)}")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)

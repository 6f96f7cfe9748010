#!/usr/bin/env python3
"""Fails when our sources use an API newer than the platform floor outside an availability check.

    python3 Scripts/check-availability.py            # scan Sources/ (CI)
    python3 Scripts/check-availability.py --list     # also print the newer names it derived
    python3 Scripts/check-availability.py --prove    # plant unguarded uses in a copy; expect failure

Apple SDKs are absent here, so the newer names come from the Swift toolchain's own
`.swiftinterface` files (`<resource dir>/linux/*.swiftmodule`): Swift, _Concurrency,
Synchronization, _StringProcessing, RegexBuilder, Observation, Distributed, Testing and the rest.
A declaration is newer when its `@available`, or that of the type or extension around it, names
a version above the floor (`FLOOR`, which matches Package.swift) for any platform.

What is flagged (a token scan, not a type checker):
- a type, protocol, type alias or global function or variable that is newer, by its name;
- a member that is newer while its type is not (`Task.immediate`, `String(validating:)`): a
  function or initializer by its name and first argument label (`immediate(operation:`,
  `String(validating:`), a property or case by `.name`. A member of a newer type is reached
  through the type's name, which is flagged itself.
A key is flagged only when every declaration of it in the interfaces is newer, and never when
our own sources declare the name (ours is the one in scope, as for our `Lock.withLock`).

A use is accepted inside `if #available(...) { ... }`, after `guard #available(...) else {...}`
up to the end of the enclosing scope, and inside a declaration marked `@available(...)` (up to
the end of the first body after the attribute), when that check names, for every platform the
API needs above the floor, at least the API's version. Comments and string literals are not
scanned; code inside a string interpolation is not either.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

FLOOR = {"macOS": (12, 0), "iOS": (15, 0), "tvOS": (15, 0), "watchOS": (8, 0), "visionOS": (1, 0)}
PLATFORMS = tuple(FLOOR)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPE_KEYWORDS = ("struct", "class", "enum", "protocol", "actor", "extension")
DECL = re.compile(
    r"^(?:(?:@\w+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?|public|open|final|static|class|mutating|nonmutating"
    r"|override|convenience|required|indirect|nonisolated|consuming|borrowing|dynamic|lazy|package"
    r"|__consuming|weak|unowned|isolated|distributed|_const)\s+)*"
    r"(struct|class|enum|protocol|actor|extension|typealias|associatedtype|func|init|var|let|subscript"
    r"|case|macro|precedencegroup|operator)\b\s*([^\s:(<{=,]*)(.*)$"
)
AVAILABLE = re.compile(r"[@#]available\s*\(")


def version(text):
    parts = [int(p) for p in text.split(".") if p.isdigit()]
    return tuple((parts + [0, 0])[:2])


def parse_available(arguments):
    """Platform versions an `@available`/`#available` argument list requires, or None when it
    names none (`*, deprecated`, `swift 5`, `macOS, unavailable`)."""
    versions = {}
    for item in arguments.split(","):
        item = item.strip()
        match = re.match(r"^(macOS|iOS|tvOS|watchOS|visionOS|macCatalyst)\s+([\d.]+)$", item)
        if match:
            versions[match.group(1)] = version(match.group(2))
    long_form = re.match(r"^\s*(macOS|iOS|tvOS|watchOS|visionOS)\s*,.*introduced:\s*([\d.]+)", arguments)
    if long_form:
        versions[long_form.group(1)] = version(long_form.group(2))
    return versions or None


def above_floor(versions):
    return {p: v for p, v in (versions or {}).items() if p in FLOOR and v > FLOOR[p]}


def strip_strings_and_comments(text):
    """Blanks comments and string literals, keeping every offset and newline."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r'#*', text[i:]).group(0))
            j = i + hashes
            quote = '"""' if text.startswith('"""', j) else '"'
            terminator = quote + "#" * hashes
            j += len(quote)
            while j < n and not text.startswith(terminator, j):
                j += 2 if text[j] == "\\" and not hashes else 1
            j = min(n, j + len(terminator))
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out)


def interface_files():
    info = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    resource = re.search(r'"runtimeResourcePath":\s*"([^"]+)"', info).group(1)
    linux = os.path.join(resource, "linux")
    files = []
    for module in sorted(os.listdir(linux)):
        folder = os.path.join(linux, module)
        if module.endswith(".swiftmodule") and os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.endswith(".swiftinterface") and not name.endswith(".private.swiftinterface"):
                    files.append((module[: -len(".swiftmodule")], os.path.join(folder, name)))
                    break
    return files


def interface_declarations(module, path):
    """(kind, name, first label, enclosing type, availability above the floor, module) of each
    declaration outside function bodies, with the availability of the scopes around it."""
    text = strip_strings_and_comments(open(path, encoding="utf-8").read())
    declarations, stack, pending = [], [], {}
    for raw in text.split("\n"):
        line = raw.strip()
        for match in re.finditer(r"@available\(([^()]*)\)", line):
            pending.update(parse_available(match.group(1)) or {})
        in_body = any(kind == "body" for kind, _, _ in stack)
        decl = DECL.match(line) if not in_body else None
        scope_kind, scope_name, scope_versions = "body", None, {}
        if decl:
            keyword, name, rest = decl.group(1), decl.group(2), decl.group(3)
            inherited = {}
            for _, _, versions in stack:
                for p, v in versions.items():
                    inherited[p] = max(inherited.get(p, v), v)
            own = dict(inherited)
            for p, v in pending.items():
                own[p] = max(own.get(p, v), v)
            name = name.split(".")[-1].strip("`")
            enclosing = next((n for k, n, _ in reversed(stack) if k == "type"), None)
            label = None
            if keyword in ("func", "init", "subscript", "macro"):
                params = re.match(r"^(?:<[^(]*>)?\s*\(\s*([\w`]+)(?:\s+[\w`]+)?\s*:", rest if keyword != "init" else name + rest)
                empty = re.match(r"^(?:<[^(]*>)?\s*\(\s*\)", rest if keyword != "init" else name + rest)
                label = params.group(1).strip("`") if params else "" if empty else "_"
                first = re.match(r"^(?:<[^(]*>)?\s*\(\s*[\w`]+(?:\s+[\w`]+)?\s*:([^,)]*)", rest if keyword != "init" else name + rest)
                if first and "=" in first.group(1):
                    label = "?"  # a defaulted first argument may be left out of a call
                if keyword == "init":
                    name = "init"
            if keyword in TYPE_KEYWORDS:
                scope_kind, scope_name, scope_versions = "type", name, dict(pending)
            if name:
                declarations.append((keyword, name, label, enclosing, above_floor(own), module))
            pending = {}
        elif line and not line.startswith("@"):
            pending = {}
        opened = False
        for char in line:
            if char == "{":
                stack.append((scope_kind, scope_name, scope_versions) if not opened else ("body", None, {}))
                opened = True
            elif char == "}" and stack:
                stack.pop()
    return declarations


def newer_keys(declarations):
    """The flagged keys: {(kind, name, label, type): (versions, module)}."""
    newer_types, old_types = {}, set()
    for kind, name, label, enclosing, newer, module in declarations:
        if kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
            # A nested type is reached as `.Name`; a top-level one by its bare name.
            key = ("type", name, None, "nested" if enclosing else None)
            if newer:
                newer_types.setdefault(key, (newer, module))
            else:
                old_types.add(key)
    keys, old = {}, set()
    for key, value in newer_types.items():
        if key not in old_types:
            keys[key] = value
    newer_type_names = {key[1] for key in keys}
    groups = {}
    for kind, name, label, enclosing, newer, module in declarations:
        if kind in TYPE_KEYWORDS or kind in ("typealias", "associatedtype", "operator", "precedencegroup"):
            continue
        if enclosing in newer_type_names:
            continue
        member = "func" if kind in ("func", "subscript", "macro") else "init" if kind == "init" else "var"
        group = (member, name, enclosing if member == "init" else None)
        groups.setdefault(group, []).append((label, newer, module))
    for (member, name, enclosing), members in groups.items():
        newer = [(label, versions, module) for label, versions, module in members if versions]
        if not newer:
            continue
        if len(newer) == len(members):
            # Every overload is newer: any use of the name is.
            keys[(member, name, "*" if member != "var" else None, enclosing)] = newer[0][1:]
            continue
        if member == "var":
            continue
        old_labels = {label for label, versions, _ in members if not versions}
        for label, versions, module in newer:
            if label not in old_labels and label != "?" and "?" not in old_labels:
                keys.setdefault((member, name, label, enclosing), (versions, module))
    return keys


def declared_names(files):
    """The names `files` declare, and those they declare at the top level (unindented)."""
    names, top_level = set(), set()
    for path in files:
        text = strip_strings_and_comments(open(path, encoding="utf-8", errors="replace").read())
        for line in text.split("\n"):
            match = DECL.match(line.strip())
            if match and match.group(2) and match.group(1) != "extension":
                name = match.group(2).split(".")[-1].strip("`")
                names.add(name)
                if not line[:1].isspace():
                    top_level.add(name)
    return names, top_level


def pattern_for(key):
    member, name, label, enclosing = key
    word = re.escape(name)
    if member == "type":
        if enclosing == "nested":
            return re.compile(r"\." + word + r"\b")
        return re.compile(r"(?<![\w.])(?:\w+\.)?" + word + r"\b(?!\s*:)")
    if member == "var":
        return re.compile(r"\." + word + r"\b")
    call = {"*": r"[({]", "": r"\(\s*\)", "_": r"\(\s*(?!\)|\w+\s*:)"}.get(label, r"\(\s*" + re.escape(label) + r"\s*:")
    if member == "init":
        call = r"\(" if label == "*" else call
        return re.compile(r"\b" + re.escape(enclosing) + r"(?:<[^<>()]*>)?\s*" + call)
    return re.compile(r"(?<![\w])" + word + r"\s*" + call)


def matching_brace(text, open_index):
    depth = 0
    for index in range(open_index, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(text)


def guarded_regions(text):
    regions = []
    for match in AVAILABLE.finditer(text):
        depth, index = 1, match.end()
        while index < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            index += 1
        versions = parse_available(text[match.end() : index - 1])
        if versions is None:
            continue
        if text[match.start()] == "#":
            statement = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
            if re.search(r"\bguard\b", statement):
                depth, start = 0, match.start()
                while start > 0:
                    start -= 1
                    if text[start] == "}":
                        depth += 1
                    elif text[start] == "{":
                        if depth == 0:
                            break
                        depth -= 1
                regions.append((match.start(), matching_brace(text, start) if text[start] == "{" else len(text), versions))
                continue
        brace, parens = index, 0
        while brace < len(text):
            char = text[brace]
            parens += {"(": 1, ")": -1, "[": 1, "]": -1}.get(char, 0)
            if parens == 0 and char in "{}":
                break
            brace += 1
        end = matching_brace(text, brace) if brace < len(text) and text[brace] == "{" else brace
        regions.append((match.start(), end, versions))
    return regions


def linux_only_regions(text):
    """`#if os(Linux)` blocks (without `||`), up to their `#else`, `#elseif` or `#endif`: no Apple
    build compiles them, so they count as guarded for every platform."""
    regions, stack = [], []
    for match in re.finditer(r"^[ \t]*#(if|elseif|else|endif)\b(.*)$", text, re.M):
        directive, condition = match.group(1), match.group(2)
        if directive == "if":
            linux = "os(Linux)" in condition and "||" not in condition and "!os(" not in condition
            stack.append(match.end() if linux else None)
        elif stack:
            start = stack.pop()
            if start is not None:
                regions.append((start, match.start(), {p: (99, 0) for p in PLATFORMS}))
            if directive != "endif":
                stack.append(None)
    return regions


def satisfies(guard, needed):
    return all(guard.get(p, (0, 0)) >= v for p, v in needed.items())


def swift_files(root):
    files = []
    for folder, _, names in os.walk(root):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".swift")]
    return files


def dependency_source_roots():
    """The Sources folders of the package's resolved dependencies: a name one of them declares
    may be the one in scope (swift-atomics' `AtomicRepresentation`), so it is not flagged."""
    listing = subprocess.run(["swift", "package", "show-dependencies", "--format", "flatlist"],
                             capture_output=True, text=True, cwd=ROOT)
    checkouts = os.path.join(ROOT, ".build", "checkouts")
    if not os.path.isdir(checkouts):
        raise SystemExit(f"check-availability: no {checkouts} ({listing.stderr.strip()}); run swift package resolve")
    return [os.path.join(checkouts, name, "Sources") for name in sorted(os.listdir(checkouts))]


def scan(source_root, keys, dependency_names):
    files = swift_files(source_root)
    own, own_top = declared_names(files)
    names, top_level = own | dependency_names[0], own_top | dependency_names[1]

    def shadowed(key):
        if key[0] == "type" and key[3] is None:
            return key[1] in top_level
        return (key[3] if key[0] == "init" else key[1]) in names

    keys = {k: v for k, v in keys.items() if not shadowed(k)}
    patterns = [(pattern_for(k), k, v) for k, v in keys.items()]
    problems = []
    for path in sorted(files):
        text = strip_strings_and_comments(open(path, encoding="utf-8").read())
        regions = guarded_regions(text) + linux_only_regions(text)
        for pattern, key, (needed, module) in patterns:
            for match in pattern.finditer(text):
                if any(s <= match.start() <= e and satisfies(v, needed) for s, e, v in regions):
                    continue
                line = text.count("\n", 0, match.start()) + 1
                column = match.start() - text.rfind("\n", 0, match.start())
                spelled = key[1] if key[0] in ("type", "var") else key[3] or key[1]
                spelled += f"({key[2]}:)" if key[2] not in (None, "*", "", "_") else ""
                need = ", ".join(f"{p} {v[0]}.{v[1]}" for p, v in sorted(needed.items()))
                rel = os.path.relpath(path, os.path.dirname(source_root))
                problems.append(f"{rel}:{line}:{column}: error: {spelled} ({module}) needs {need}, "
                                "above the floor; use it inside `if #available` or an `@available` declaration")
    return problems, len(files)


def derive_keys():
    declarations = []
    files = interface_files()
    for module, path in files:
        declarations += interface_declarations(module, path)
    return newer_keys(declarations), len(files)


def main():
    keys, interfaces = derive_keys()
    if interfaces == 0 or not any(k[1] == "Mutex" for k in keys):
        print(f"check-availability: derived no newer API from {interfaces} interfaces: the toolchain layout changed")
        return 2
    dependency_names = declared_names([f for root in dependency_source_roots() for f in swift_files(root)])
    if "--list" in sys.argv:
        for key, (needed, module) in sorted(keys.items(), key=lambda item: (item[1][1], item[0][1])):
            print(module, key, needed)
    if "--prove" in sys.argv:
        with tempfile.TemporaryDirectory() as temporary:
            copy = os.path.join(temporary, "Sources")
            shutil.copytree(os.path.join(ROOT, "Sources"), copy)
            planted = os.path.join(copy, "SwinjectKitSupport", "PlantedUse.swift")
            with open(planted, "w") as file:
                file.write("import Synchronization\n\nlet plantedCounter = Atomic<Int>(0)\n\n"
                           "func plantedStart() {\n    Task.immediate { }\n"
                           "    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {\n"
                           "        _ = Atomic<Int>(0)\n    }\n}\n")
            problems, _ = scan(copy, keys, dependency_names)
            found = [p for p in problems if "PlantedUse.swift" in p]
            if len(found) != 2 or not all(":3:" in p or ":6:" in p for p in found):
                print("check-availability BROKEN: not exactly the two unguarded planted uses were reported:",
                      *found, sep="\n")
                return 1
            print("check-availability proven: the planted uses were reported:", *found, sep="\n  ")
    problems, count = scan(os.path.join(ROOT, "Sources"), keys, dependency_names)
    for problem in problems:
        print(problem)
    print(f"check-availability: {len(keys)} names newer than the floor in {interfaces} interfaces; "
          f"{count} source files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

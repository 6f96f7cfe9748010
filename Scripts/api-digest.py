#!/usr/bin/env python3
"""Reduces SwiftPM symbol graphs to one sorted text list of public declarations per module.

    python3 Scripts/api-digest.py SYMBOLGRAPH_DIR OUTPUT_DIR MODULE...

Reads `<Module>.symbols.json` and the `<Module>@<Other>.symbols.json` files (members and
conformances added to another module's types) and writes `OUTPUT_DIR/<Module>.txt`, one line per
public or open declaration and one per conformance or superclass. A line holds what a client can
depend on and nothing that changes from build to build (no USRs, no doc comments, no source
positions):

    <kind> <path>: <declaration> [where <constraints>] [@available(...)]
    conformance <path>: <protocol> [where <constraints>]

`<path>` is the dotted path from the module, prefixed by the extended module's name for an
extension of another module's type (`Swinject.Container.property(_:)`). Prints each module's
counts of declarations and conformances.
"""

import json
import pathlib
import subprocess
import sys


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or []
    text = "".join(fragment["spelling"] for fragment in fragments)
    return " ".join(text.split())


def constraints(items):
    if not items:
        return ""
    parts = []
    for item in items:
        relation = {"conformance": ":", "superclass": ":", "sameType": "=="}.get(item.get("kind"), item.get("kind"))
        parts.append(f"{item['lhs']} {relation} {item['rhs']}")
    return " where " + ", ".join(parts)


def availability(symbol):
    parts = []
    for item in symbol.get("availability") or []:
        words = [item.get("domain", "*")]
        for key in ("introduced", "deprecated", "obsoleted"):
            version = item.get(key)
            if version:
                numbers = [str(version.get(part, 0)) for part in ("major", "minor", "patch")]
                while len(numbers) > 2 and numbers[-1] == "0":
                    numbers.pop()
                words.append(f"{key}: {'.'.join(numbers)}")
        if item.get("isUnconditionallyDeprecated"):
            words.append("deprecated")
        if item.get("isUnconditionallyUnavailable"):
            words.append("unavailable")
        for key in ("renamed", "message"):
            if item.get(key):
                words.append(f"{key}: {json.dumps(item[key], ensure_ascii=False)}")
        parts.append("@available(" + ", ".join(words) + ")")
    return (" " + " ".join(parts)) if parts else ""


def demangled(usrs):
    """The names of Swift types given by USR (`s:` and a mangled name), through `swift demangle`."""
    if not usrs:
        return {}
    mangled = "\n".join("$s" + usr[2:] for usr in usrs) + "\n"
    output = subprocess.run(
        ["swift", "demangle", "--compact"], input=mangled, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return dict(zip(usrs, output))


def is_public(symbol):
    return symbol.get("accessLevel") in ("public", "open")


def digest(graph_dir, module):
    files = [graph_dir / f"{module}.symbols.json"] + sorted(graph_dir.glob(f"{module}@*.symbols.json"))
    graphs = []
    for path in files:
        if not path.exists():
            if path.name == f"{module}.symbols.json":
                sys.exit(f"api-digest: no symbol graph for {module} in {graph_dir}")
            continue
        graphs.append((path, json.loads(path.read_text())))

    # The path of every symbol of every graph, for naming the two ends of a relationship.
    names = {}
    for path, graph in graphs:
        extended = path.name[len(module) + 1 : -len(".symbols.json")] if "@" in path.name else None
        for symbol in graph["symbols"]:
            prefix = (extended + ".") if extended else ""
            names[symbol["identifier"]["precise"]] = prefix + ".".join(symbol["pathComponents"])

    # A conformance this module adds to another module's type names a type that is not in the
    # graph; only those to a protocol of this module are ours (the rest are the type's own).
    foreign = {
        relationship["source"]
        for _, graph in graphs
        for relationship in graph.get("relationships") or []
        if relationship["kind"] == "conformsTo"
        and relationship["source"] not in names
        and relationship["target"] in names
        and relationship["source"].startswith("s:")
    }
    foreign_names = demangled(sorted(foreign))

    declarations, conformances = set(), set()
    for path, graph in graphs:
        public = set()
        for symbol in graph["symbols"]:
            if not is_public(symbol):
                continue
            usr = symbol["identifier"]["precise"]
            public.add(usr)
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            where = constraints((symbol.get("swiftExtension") or {}).get("constraints"))
            declarations.add(f"{kind} {names[usr]}: {declaration(symbol)}{where}{availability(symbol)}")
        for relationship in graph.get("relationships") or []:
            if relationship["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            source = relationship["source"]
            if source in public:
                source_name = names[source]
            elif source in foreign_names and relationship["target"] in names:
                source_name = foreign_names[source]
            else:
                continue
            target = names.get(relationship["target"]) or relationship.get("targetFallback") or relationship["target"]
            where = constraints(relationship.get("swiftConstraints"))
            kind = "conformance" if relationship["kind"] == "conformsTo" else "superclass"
            conformances.add(f"{kind} {source_name}: {target}{where}")
    return sorted(declarations), sorted(conformances)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    graph_dir, output_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    output_dir.mkdir(parents=True, exist_ok=True)
    for module in sys.argv[3:]:
        declarations, conformances = digest(graph_dir, module)
        (output_dir / f"{module}.txt").write_text("".join(line + "\n" for line in declarations + conformances))
        print(f"{module}: {len(declarations)} public declarations, {len(conformances)} conformances")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the fixed-arity `autoregister` overloads in Sources/SwinjectAutoregistration/Generated/
from the Swift template Scripts/templates/fixed-arity.swift.template.

    python3 Scripts/generate-fixed-arity.py           # rewrite the files
    python3 Scripts/generate-fixed-arity.py --check   # exit 1 if a file differs (CI)

The parameter-pack overloads accept initializers of any length, but the compiler does not
specialize a pack expansion: their factory resolves each dependency through generic code that
asks the runtime for `Optional<D>`'s metadata on every resolve, work a service registered by hand
never does. These overloads name every parameter type, so the factory is compiled for the
concrete types where `autoregister` is called. Swift prefers them to the pack overloads, which
still serve longer initializers.

Initializers that throw get the same overloads, in `Container+FixedArityThrowing*.swift`: a
thrown error fails the resolve like a missing dependency (`resolveOrThrow` throws it inside the
chain). A non-throwing initializer still picks the non-throwing overloads, whose factories have no
error path to pay for.

Their initializer parameters are `consuming`. An initializer takes its arguments owned, so through
a function type with borrowed parameters every resolved dependency would be retained on the way
into the initializer and released by the factory afterwards, two atomic reference-count operations
per dependency and resolve. Consuming parameters hand over the value `resolve` returned.
Initializers, closures and function values of the plain type all convert.

The same run writes the upstream spelling for initializers that take their parameters as one
tuple, `((P1, P2)) -> Service`, into Sources/SwinjectAutoregistration/Compatibility/ from
Scripts/templates/tuple-initializers.swift.template: one file per runtime-argument count, tuple
lengths 2 to 20 as upstream has them (the arguments are among the tuple's elements).

This script holds only the numbers and names (which lengths, which argument labels); the Swift
text is the template's. The template language is a small subset of Mustache, described at the top
of the template.
"""

import pathlib
import subprocess
import sys

MAX_DEPENDENCIES = 20
OVERLOADS_PER_FILE = 7
ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATE = pathlib.Path(__file__).resolve().parent / "templates" / "fixed-arity.swift.template"
ASYNC_TEMPLATE = pathlib.Path(__file__).resolve().parent / "templates" / "fixed-arity-async.swift.template"
# Async initializers get fixed-arity overloads up to this length, without and with one runtime
# argument, one file each; the parameter-pack overloads serve longer ones and more arguments.
ASYNC_LONGEST = 9
OUTPUT = ROOT / "Sources" / "SwinjectAutoregistration" / "Generated"
TUPLE_TEMPLATE = pathlib.Path(__file__).resolve().parent / "templates" / "tuple-initializers.swift.template"
# Upstream's tuple-parameter overloads: tuples of 2 to this many elements, runtime arguments
# included. The empty tuple's overload is written by hand (`Container+TupleInitializers.swift`);
# a one-element tuple is a plain parameter, which the other overloads take.
TUPLE_LONGEST = 20
TUPLE_OUTPUT = ROOT / "Sources" / "SwinjectAutoregistration" / "Compatibility"
TUPLE_PREFIX = "Container+TupleInitializers"

# Per runtime-argument count: the file name stem, the arguments (type parameter, label in the
# `autoregister` signature, label and variable when passed on), and the smallest initializer
# length generated (shorter ones are served by the hand-written small-arity overloads or the
# packs).
VARIANTS = [
    {"file": "Container+FixedArityNoArguments", "words": "no runtime arguments", "shortest": 3,
     "arguments": []},
    {"file": "Container+FixedArityOneArgument", "words": "one runtime argument", "shortest": 3,
     "arguments": [("A", "argument", "argument: ", "argument")]},
    {"file": "Container+FixedArityTwoArguments", "words": "two runtime arguments", "shortest": 3,
     "arguments": [("A", "arguments first", "arguments: ", "first"), ("B", "_ second", "", "second")]},
    {"file": "Container+FixedArityThreeArguments", "words": "three runtime arguments", "shortest": 4,
     "arguments": [("A", "arguments first", "arguments: ", "first"), ("B", "_ second", "", "second"),
                   ("C", "_ third", "", "third")]},
]


def listed(items):
    """`items` (dictionaries) as a template list: each marked `last` or not."""
    return [dict(item, last=index == len(items) - 1) for index, item in enumerate(items)]


def overload_values(variant, length):
    arguments = [
        {"type": type_name, "label": label, "callLabel": call_label, "variable": variable, "index": index}
        for index, (type_name, label, call_label, variable) in enumerate(variant["arguments"], start=1)
    ]
    return {
        "length": length,
        "dependencyCount": length - len(arguments),
        "parameters": listed([{"type": f"P{index}", "variable": f"p{index}"} for index in range(1, length + 1)]),
        "arguments": listed(arguments),
        "hasArguments": bool(arguments),
    }


def files(template, variant, throwing):
    """The variant's overloads as (file name, text), at most `OVERLOADS_PER_FILE` per file; with
    `throwing`, the overloads for initializers that throw, in their own files."""
    lengths = list(range(variant["shortest"], MAX_DEPENDENCIES + len(variant["arguments"]) + 1))
    for start in range(0, len(lengths), OVERLOADS_PER_FILE):
        chunk = lengths[start:start + OVERLOADS_PER_FILE]
        values = {
            "argumentWords": variant["words"],
            "throwing": throwing,
            "shortest": chunk[0],
            "longest": chunk[-1],
            "overloads": listed([overload_values(variant, length) for length in chunk]),
        }
        stem = variant["file"].replace("FixedArity", "FixedArityThrowing") if throwing else variant["file"]
        yield f"{stem}{chunk[0]}To{chunk[-1]}.swift", formatted(render(template, [values]))


def async_files(template):
    """The async overloads: one file per runtime-argument count (none, one), lengths 2 to
    `ASYNC_LONGEST`."""
    for variant in VARIANTS[:2]:
        lengths = list(range(2, ASYNC_LONGEST + 1))
        values = {
            "argumentWords": variant["words"],
            "shortest": lengths[0],
            "longest": lengths[-1],
            "overloads": listed([overload_values(variant, length) for length in lengths]),
        }
        stem = variant["file"].replace("FixedArity", "FixedArityAsync")
        yield f"{stem}{lengths[0]}To{lengths[-1]}.swift", formatted(render(template, [values]))


def tuple_files(template):
    """The upstream tuple-parameter overloads: one file per runtime-argument count, tuple lengths
    from the argument count (at least 2) to `TUPLE_LONGEST`."""
    for variant in VARIANTS:
        lengths = list(range(max(2, len(variant["arguments"])), TUPLE_LONGEST + 1))
        values = {
            "argumentWords": variant["words"],
            "overloads": listed([overload_values(variant, length) for length in lengths]),
        }
        stem = variant["file"].replace("Container+FixedArity", TUPLE_PREFIX)
        yield f"{stem}.swift", formatted(render(template, [values]))


# The template language: {{name}}, {{#name}}...{{/name}}, {{^name}}...{{/name}}, {{! comment !}}.

def without_comments_and_tag_lines(text):
    """`text` without {{! ... !}} comments, and without the line breaks and indentation around a
    section tag that stands alone on its line, so that tag lines leave no blank lines behind."""
    while "{{!" in text:
        start = text.index("{{!")
        end = text.index("!}}", start) + 3
        if text.startswith("\n", end):
            end += 1
        text = text[:start] + text[end:]
    lines = text.split("\n")
    pieces = []
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(("{{#", "{{^", "{{/")) and stripped.endswith("}}") and stripped.count("{{") == 1:
            pieces.append(stripped)
        else:
            pieces.append(line + ("\n" if index < len(lines) - 1 else ""))
    return "".join(pieces)


def lookup(stack, name):
    for values in reversed(stack):
        if name in values:
            return values[name]
    sys.exit(f"template: no value named {name!r}")


def section_end(text, name, position):
    """Where the {{/name}} that closes the section whose body starts at `position` begins."""
    depth = 1
    while True:
        tag = text.index("{{", position)
        end = text.index("}}", tag)
        inner = text[tag + 2:end]
        if inner in ("#" + name, "^" + name):
            depth += 1
        elif inner == "/" + name:
            depth -= 1
            if depth == 0:
                return tag
        position = end + 2


def render(text, stack):
    output = []
    position = 0
    while (tag := text.find("{{", position)) >= 0:
        output.append(text[position:tag])
        end = text.index("}}", tag)
        inner = text[tag + 2:end]
        position = end + 2
        if inner[0] not in "#^":
            output.append(str(lookup(stack, inner)))
            continue
        name = inner[1:]
        close = section_end(text, name, position)
        body = text[position:close]
        position = close + len("{{/" + name + "}}")
        value = lookup(stack, name)
        if inner[0] == "^":
            if not value:
                output.append(render(body, stack))
        elif isinstance(value, list):
            output.extend(render(body, stack + [item]) for item in value)
        elif value:
            output.append(render(body, stack))
    output.append(text[position:])
    return "".join(output)


def formatted(text):
    """The text as `swift format` lays it out with the package's configuration, so that the
    generated files pass the format lint unchanged."""
    result = subprocess.run(
        ["swift", "format", "--configuration", str(ROOT / ".swift-format")],
        input=text, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit("swift format failed:\n" + result.stderr)
    return result.stdout


def main():
    check = "--check" in sys.argv[1:]
    template = without_comments_and_tag_lines(TEMPLATE.read_text())
    expected = {
        name: text
        for variant in VARIANTS for throwing in (False, True) for name, text in files(template, variant, throwing)
    }
    expected.update(async_files(without_comments_and_tag_lines(ASYNC_TEMPLATE.read_text())))
    tuples = dict(tuple_files(without_comments_and_tag_lines(TUPLE_TEMPLATE.read_text())))
    # Compatibility/ holds hand-written files too: only the generated ones' names are managed.
    outputs = [(OUTPUT, expected, "*.swift"), (TUPLE_OUTPUT, tuples, TUPLE_PREFIX + "*Argument*.swift")]
    changes = []
    for folder, texts, pattern in outputs:
        existing = {path.name for path in folder.glob(pattern)} if folder.exists() else set()
        stale = sorted(name for name, text in texts.items()
                       if not (folder / name).exists() or (folder / name).read_text() != text)
        extra = sorted(existing - texts.keys())
        changes.append((folder, texts, stale, extra))
    if check:
        names = [name for _, _, stale, extra in changes for name in stale + extra]
        if names:
            print("out of date (run python3 Scripts/generate-fixed-arity.py):", *names, sep="\n  ")
            return 1
        return 0
    for folder, texts, stale, extra in changes:
        folder.mkdir(parents=True, exist_ok=True)
        for name in extra:
            (folder / name).unlink()
        for name in stale:
            (folder / name).write_text(texts[name])
    return 0


if __name__ == "__main__":
    sys.exit(main())

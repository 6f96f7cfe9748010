#!/usr/bin/env python3
"""Writes the fixed-arity `autoregister` overloads in Sources/SwinjectAutoregistration/FixedArity/.

    python3 Scripts/generate-fixed-arity.py           # rewrite the files
    python3 Scripts/generate-fixed-arity.py --check   # exit 1 if a file differs (CI)

The parameter-pack overloads accept initializers of any length, but the compiler does not
specialize a pack expansion: their factory resolves each dependency through generic code that
asks the runtime for `Optional<D>`'s metadata on every resolve, which made a 20-dependency
resolve measurably slower than the same registration written by hand. These overloads name every
parameter type, so the factory is compiled for the concrete types where `autoregister` is
called. Swift prefers them to the pack overloads, which still serve longer initializers.

Initializers that throw get the same overloads, in `Container+FixedArityThrowing*.swift`: a
thrown error fails the resolve like a missing dependency (`resolveOrThrow` throws it inside the
chain). A non-throwing initializer still picks the non-throwing overloads, whose factories have no
error path to pay for.

Their initializer parameters are `consuming`. An initializer takes its arguments owned, so through
a function type with borrowed parameters every resolved dependency was retained on the way into
the initializer and released by the factory afterwards: 40 atomic reference-count operations per
resolve of a service with 20 dependencies. Consuming parameters hand over the value `resolve`
returned. Initializers, closures and function values of the plain type all convert.
"""

import pathlib
import subprocess
import sys

MAX_DEPENDENCIES = 20
OVERLOADS_PER_FILE = 7
ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources" / "SwinjectAutoregistration" / "FixedArity"

# Per runtime-argument count: the argument type parameters, the labels of the `autoregister`
# signature, how the factory's argument tuple is spelled, and the smallest initializer length
# generated (shorter ones are served by the hand-written small-arity overloads or the packs).
VARIANTS = [
    {
        "count": 0,
        "file": "Container+FixedArityNoArguments",
        "types": [],
        "signature": "",
        "call": "",
        "shortest": 3,
    },
    {
        "count": 1,
        "file": "Container+FixedArityOneArgument",
        "types": ["A"],
        "signature": "        argument: A.Type,\n",
        "call": ", argument: argument",
        "shortest": 3,
    },
    {
        "count": 2,
        "file": "Container+FixedArityTwoArguments",
        "types": ["A", "B"],
        "signature": "        arguments first: A.Type,\n        _ second: B.Type,\n",
        "call": ", arguments: first, second",
        "shortest": 3,
    },
    {
        "count": 3,
        "file": "Container+FixedArityThreeArguments",
        "types": ["A", "B", "C"],
        "signature": "        arguments first: A.Type,\n        _ second: B.Type,\n        _ third: C.Type,\n",
        "call": ", arguments: first, second, third",
        "shortest": 4,
    },
]

ARGUMENT_WORDS = {0: "no runtime arguments", 1: "one runtime argument", 2: "two runtime arguments",
                  3: "three runtime arguments"}


def overload(variant, length, throwing):
    count = variant["count"]
    parameters = [f"P{index}" for index in range(1, length + 1)]
    generics = ", ".join(["Service"] + variant["types"] + parameters)
    if count == 0:
        closure_input = "resolver: any Resolver"
        picks = [f"try resolver.dependency({p}.self)" for p in parameters]
        registration = (
            "        registerAndRecord(\n"
            "            service, name: name, parameters: parameterInfos("
            + ", ".join(f"{p}.self" for p in parameters)
            + ", arguments: []),\n"
            "            argumentTypes: [], invoker: nil,\n"
            "            factory: { (" + closure_input + ") -> Any in\n"
        )
        argument_types = "[]"
    else:
        tuple_type = "(any Resolver, " + ", ".join(variant["types"]) + ")"
        closure_input = f"arguments: {tuple_type}"
        passed = ", ".join(f"arguments.{index}" for index in range(1, count + 1))
        picks = [f"try arguments.0.dependency({p}.self, or: {passed})" for p in parameters]
        registration = (
            "        registerCheckingArguments(\n"
            f"            service, name: name{variant['call']}, initializer: initializer,\n"
            "            factory: { (" + closure_input + ") -> Any in\n"
        )
        argument_types = "[" + ", ".join(f"{t}.self" for t in variant["types"]) + "]"
    dependencies = length - count
    lines = []
    lines.append(
        f"    /// Registers `service` built by {'a throwing' if throwing else 'an'} initializer of {length} parameters "
        f"({dependencies} resolved, {ARGUMENT_WORDS[count]}).")
    lines.append("    ///")
    if throwing:
        lines.append("    /// A thrown error fails the resolve like a missing dependency.")
    lines.append("    /// The same as the parameter-pack overload, with a factory compiled for these parameter types.")
    lines.append("    @inlinable @discardableResult")
    lines.append(f"    public func autoregister<{generics}>(")
    lines.append("        _ service: Service.Type,")
    lines.append("        name: String? = nil,")
    if variant["signature"]:
        lines.append(variant["signature"].rstrip("\n"))
    lines.append(
        "        initializer: @escaping (" + ", ".join(f"consuming {p}" for p in parameters) + ")"
        + (" throws" if throwing else "") + " -> Service")
    lines.append("    ) -> ServiceEntry<Service> {")
    lines.append(registration.rstrip("\n"))
    lines.append("                do {" if throwing else "                do throws(DependencyMiss) {")
    lines.append("                    return try initializer(" if throwing else "                    return initializer(")
    for index, pick in enumerate(picks):
        lines.append("                        " + pick + ("," if index < len(picks) - 1 else ")"))
    lines.append("                } catch {")
    lines.append("                    return reportFailure(" if throwing else "                    return reportMiss(")
    lines.append("                        error, service: Service.self, name: name,")
    lines.append(
        "                        parameters: parameterInfos("
        + ", ".join(f"{p}.self" for p in parameters)
        + f", arguments: {argument_types}))")
    lines.append("                }")
    lines.append("            })")
    lines.append("    }")
    return "\n".join(lines)


def files(variant, throwing):
    """The variant's overloads as (file name, text), at most `OVERLOADS_PER_FILE` per file; with
    `throwing`, the overloads for initializers that throw, in their own files."""
    shortest = variant["shortest"]
    longest = MAX_DEPENDENCIES + variant["count"]
    lengths = list(range(shortest, longest + 1))
    for start in range(0, len(lengths), OVERLOADS_PER_FILE):
        chunk = lengths[start:start + OVERLOADS_PER_FILE]
        header = (
            "// Generated by Scripts/generate-fixed-arity.py. Do not edit; change the script and run it.\n"
            "//\n"
            f"// `autoregister` with {ARGUMENT_WORDS[variant['count']]}, for "
            f"{'throwing ' if throwing else ''}initializers of {chunk[0]} to {chunk[-1]}\n"
            "// parameters: each factory is compiled for its parameter types where `autoregister` is called,\n"
            "// so a resolve makes no runtime metadata lookups (see the script for why).\n"
            "\n"
            "public import Swinject\n"
            "\n"
            "extension Container {\n"
        )
        body = "\n\n".join(overload(variant, length, throwing) for length in chunk)
        name = variant["file"].replace("FixedArity", "FixedArityThrowing") if throwing else variant["file"]
        yield f"{name}{chunk[0]}To{chunk[-1]}.swift", formatted(header + body + "\n}\n")


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
    expected = {
        name: text for variant in VARIANTS for throwing in (False, True) for name, text in files(variant, throwing)
    }
    existing = {path.name for path in OUTPUT.glob("*.swift")} if OUTPUT.exists() else set()
    stale = sorted(name for name, text in expected.items()
                   if not (OUTPUT / name).exists() or (OUTPUT / name).read_text() != text)
    extra = sorted(existing - expected.keys())
    if check:
        if stale or extra:
            print("out of date (run python3 Scripts/generate-fixed-arity.py):", *(stale + extra), sep="\n  ")
            return 1
        return 0
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for name in extra:
        (OUTPUT / name).unlink()
    for name in stale:
        (OUTPUT / name).write_text(expected[name])
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Turns the benchmark percentiles that Scripts/benchmarks.sh exports into one table.

Usage: benchmark-table.py EXPORT_DIR [--markdown]

EXPORT_DIR holds the `histogramPercentiles` files of ordo-one/benchmark, exported with
`--scale` off, so micro-benchmarks (1,000 operations per iteration) are divided here to
give time and mallocs per operation.

A row's ratio is median(ours) / median(baseline), from "<row> interleaved"
(Benchmarks/Sources/BenchmarkPairs): one block of each side timed in every iteration of one
process, so both sides see the same machine. "met" compares that ratio with the target. The
"per iteration" column gives the quartiles of the per-iteration ratios, and "alone" the ratio of
"<row> ours" over "<row> baseline-...", each run in its own process seconds apart. A row without
an interleaved benchmark (the swift-configuration load, whose baseline takes seconds) takes its
ratio from those. Mallocs per operation come from the benchmarks run alone. Exit status 0 even
when a target is missed: the table says so.
"""

import os
import re
import sys

SUFFIX = ".histogram.percentiles.tsv"

# row, baseline benchmark, target ratio, per-op scale (operations per iteration), description
RATIO_ROWS = [
    ("json.load.5MB-comments", "baseline-JSONSerialization", 0.25, 1,
     "5 MB JSON with comments (100k leaves) into a container / JSONSerialization, no comments"),
    ("json.load.5MB", "baseline-swift-configuration", 0.05, 1,
     "same file without comments / swift-configuration JSONSnapshot"),
    ("toml.load.2MB", "baseline-TOMLKit", 0.33, 1,
     "2 MB TOML (80k leaves, arrays of tables) / TOMLKit parse + walk"),
    ("plist.load.2MB", "baseline-PropertyListSerialization", 1.15, 1,
     "2 MB XML plist / PropertyListSerialization alone"),
    ("yaml.load.2MB", "baseline-Yams", 1.15, 1, "2 MB YAML / Yams.load alone"),
    ("placeholders.apply.100k-keys-10k-refs", "baseline-written-out", 1.5, 1,
     "apply 100k keys, 10k with ${key} placeholders / the same keys with results written out"),
    ("placeholders.scaling.100k-keys-10k-refs", "baseline-10k-keys-1k-refs", 11.0, 1,
     "apply 100k keys, 10k with placeholders / 10k keys, 1k with placeholders"),
    ("property.inFactory", "baseline-Swinject-container-resolve", 1.0, 1000,
     "r.property(\"k\") as Int? in a factory / .container-scoped resolve"),
    ("property.container", "baseline-Dictionary", 3.0, 1000,
     "container.property(\"k\") as Int? / [String: Any] lookup + as? Int"),
    ("resolve.container.tracked", "baseline-Swinject-container-resolve", 1.05, 1000,
     "a kept .container singleton through the storage hook / the same on a container SwinjectKit never touched"),
]

# Rows added when their features land use the same naming; listed here so the table shows
# them as soon as the benchmarks exist.
for deps in (3, 20):
    for args in (1, 2):
        RATIO_ROWS.append((f"autoregister.resolve.{deps}deps.{args}args", "baseline-manual", 1.05,
                           1000 if deps == 3 else 100,
                           f"autoregistered resolve, {deps} deps, {args} runtime args / registered by hand"))
# The same three-dependency initializer through the parameter-pack overload / through the
# generated fixed-arity one. Its target is the condition for deleting the fixed-arity layer.
RATIO_ROWS.append(("autoregister.resolve.pack-vs-fixed.3deps", "baseline-fixed", 1.05, 1000,
                   "3 deps, registered through the parameter pack / through the fixed-arity overload"))
RATIO_ROWS += [
    ("injector.get.container", "baseline-synchronized-resolve", 1.15, 1000,
     "injector.get of a container registration / container.synchronize().resolve"),
    ("injected.container", "baseline-synchronized-resolve", 1.15, 1000,
     "@Injected of a container registration / container.synchronize().resolve"),
    ("injector.get.factory", "baseline-Swinject-transient-resolve", 0.25, 1000,
     "injector.get of Injection.factory / Swinject transient resolve"),
    ("injected.factory", "baseline-Swinject-transient-resolve", 0.25, 1000,
     "@Injected of Injection.factory / Swinject transient resolve"),
    ("injector.get.singleton", "baseline-Swinject-container-resolve", 0.1, 1000,
     "injector.get of .singleton / .container-scoped resolve"),
    ("injector.get.lazySingleton", "baseline-Swinject-container-resolve", 0.1, 1000,
     "injector.get of a created .lazySingleton / .container-scoped resolve"),
    ("injected.singleton", "baseline-Swinject-container-resolve", 0.1, 1000,
     "@Injected of .singleton / .container-scoped resolve"),
    ("injector.subscript.unregistered", "baseline-Swinject-unregistered-resolve", 0.1, 1000,
     "injector[T.self] of an unregistered type / Swinject resolve of it"),
    ("optionalInjected.unregistered", "baseline-Swinject-unregistered-resolve", 0.1, 1000,
     "@OptionalInjected of an unregistered type / Swinject resolve of it"),
    ("verify.100k", "baseline-verify.10k", 11.0, 1, "verify() on 100k services / on 10k services"),
]

# Deep transient graphs (Benchmarks/Benchmarks/Graph): a block resolves each of N top-level
# services once, about 690 requests each; per-op figures are per request, and the injector builds
# one object per request. Rows whose name is in MALLOCS_AT_MOST_BASELINE also need at most the
# baseline's mallocs per request to be met: both sides build the same objects. Against Swinject's
# default `.graph` scope, which builds one instance of each type per top-level resolve (59 objects
# for a service's 690 requests), BASELINE_BUILDS gives the objects the baseline builds, and the
# row needs at most the baseline's mallocs per object built.
GRAPH_OBJECTS = {100: 69_050, 500: 345_250, 1_000: 690_500}
BASELINE_BUILDS = {f"graph.injector.factory.{services}": services * 59 for services in GRAPH_OBJECTS}
for services, objects in GRAPH_OBJECTS.items():
    RATIO_ROWS += [
        (f"graph.injector.factory.{services}", "baseline-Swinject-by-hand", 0.5, objects,
         f"{services} services x ~690 objects: Injection.factory closures that get / Swinject by hand"),
        (f"graph.autoregister.{services}", "baseline-manual", 1.05, objects,
         f"{services} services x ~690 objects: autoregistered / registered by hand"),
        (f"graph.injector.get.container.{services}", "baseline-synchronized-resolve", 1.15, objects,
         f"{services} services: injector.get of container registrations / synchronize().resolve"),
        (f"graph.injected.container.{services}", "baseline-synchronized-resolve", 1.15, objects,
         f"{services} services: @Injected of container registrations / synchronize().resolve"),
    ]
RATIO_ROWS += [
    ("graph.flat.injector.factory", "baseline-100-services-x10", 1.1, GRAPH_OBJECTS[1_000],
     "per object: Injector graph of 1,000 services / of 100 services, resolved 10 times"),
    ("graph.flat.autoregister", "baseline-100-services-x10", 1.1, GRAPH_OBJECTS[1_000],
     "per object: autoregistered graph of 1,000 services / of 100 services, resolved 10 times"),
]
RATIO_ROWS += [
    ("graph.transient.injector.factory.100", "baseline-Swinject-by-hand-transient", 0.5, GRAPH_OBJECTS[100],
     "100 services, the same objects built: Injection.factory closures that get / Swinject by hand, "
     "every type .transient"),
]
MALLOCS_AT_MOST_BASELINE = {"graph.transient.injector.factory.100"}
MALLOCS_AT_MOST_BASELINE |= {f"graph.autoregister.{services}" for services in GRAPH_OBJECTS}
# Registration of the graph's 72 shared types plus N services; per-op figures are per registration.
for services in (100, 1_000):
    RATIO_ROWS += [
        (f"register.autoregister.{services}", "baseline-manual", 1.5, services + 72,
         f"a new container, {services + 72} autoregister calls / the same registered by hand"),
        (f"register.injector.{services}", "baseline-manual", 1.5, services + 72,
         f"a new Injector, {services + 72} Injection.factory registrations / a container by hand"),
    ]
# First registration in a process: each sample starts Benchmarks/Sources/FirstRegistration once per
# side, so these rows have only the interleaved benchmark (times are the program's own).
RATIO_ROWS += [
    ("register.first.autoregister", "baseline-manual", 2.0, 1,
     "first registration of the 100-service graph in a fresh process: autoregister / by hand"),
    ("register.first.injector", "baseline-manual", 2.0, 1,
     "first registration of the 100-service graph in a fresh process: Injector / by hand"),
]
# Three input shapes of about 2 MB (Benchmarks/Sources/BenchmarkInputs/GeneratedInputs+Shapes.swift).
for shape in ("few-large-tables", "many-small-nested", "long-arrays-inline"):
    RATIO_ROWS += [
        (f"toml.load.{shape}", "baseline-TOMLKit", 0.33, 1, f"2 MB TOML, {shape} / TOMLKit parse + walk"),
        (f"jsonc.load.{shape}", "baseline-JSONSerialization", 0.2, 1,
         f"2 MB JSON with comments, {shape} / JSONSerialization, no comments"),
    ]


def read_files(directory):
    """{(benchmark name, metric): (p50, header, {percentile: value})}"""
    results = {}
    pattern = re.compile(r"^[^.]+\.[^.]+\.(.+)\.([A-Za-z]+)" + re.escape(SUFFIX) + "$")
    for file_name in os.listdir(directory):
        match = pattern.match(file_name)
        if not match:
            continue
        name, metric = match.group(1).replace("_", " "), match.group(2)
        with open(os.path.join(directory, file_name), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        header = lines[0].split("\t", 1)[1] if lines else ""
        values = dict(line.split("\t") for line in lines[1:] if "\t" in line)
        if "50" in values:
            percentiles = {key: float(value) for key, value in values.items()}
            results[(name, metric)] = (float(values["50"]), header, percentiles)
    return results


def median_of(results, name, metric, percentile="50"):
    """A metric's percentile in the unit its header names, or None."""
    found = results.get((name, metric))
    if found is None or percentile not in found[2]:
        return None
    convert = time_in_ns if metric == "wallClock" else count_value
    return convert(found[2][percentile], found[1])


def time_in_ns(value, header):
    units = {"(ns)": 1, "(μs)": 1e3, "(us)": 1e3, "(ms)": 1e6, "(s)": 1e9}
    for unit, factor in units.items():
        if unit in header:
            return value * factor
    return value


def count_value(value, header):
    """Counts are exported in the unit their header names: (K), (M) or (G)."""
    for unit, factor in {"(K)": 1e3, "(M)": 1e6, "(G)": 1e9}.items():
        if unit in header:
            return value * factor
    return value


def format_time(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e7:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def format_count(value):
    return f"{value:.0f}" if value >= 100 or value == int(value) else f"{value:.2f}"


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    results = read_files(sys.argv[1])
    markdown = "--markdown" in sys.argv
    rows = []
    for row, baseline, target, per_op, _ in RATIO_ROWS:
        ours_alone = median_of(results, f"{row} ours", "wallClock")
        base_alone = median_of(results, f"{row} {baseline}", "wallClock")
        interleaved = f"{row} interleaved"
        ours_ns = median_of(results, interleaved, "interleavedOurs")
        base_ns = median_of(results, interleaved, "interleavedBaseline")
        if ours_alone is None or not base_alone:
            if ours_ns is None or not base_ns:
                continue
            ours_alone, base_alone = ours_ns, base_ns  # an interleaved-only row
        alone = ours_alone / base_alone
        spread_text = "-"
        if ours_ns is not None and base_ns:
            ratio = ours_ns / base_ns
            low, high = (median_of(results, interleaved, "interleavedRatio", p) / 1e6 for p in ("25", "75"))
            spread_text = f"[{low:.3f}–{high:.3f}]"
        else:
            ours_ns, base_ns, ratio = ours_alone, base_alone, alone
        ours_text, base_text = format_time(ours_ns / per_op), format_time(base_ns / per_op)
        met = "yes" if ratio <= target else "NO"
        if per_op > 1:
            ours_mallocs = median_of(results, f"{row} ours", "mallocCountTotal")
            base_mallocs = median_of(results, f"{row} {baseline}", "mallocCountTotal")
            if ours_mallocs is not None and base_mallocs is not None:
                ours_text += f" ({format_count(ours_mallocs / per_op)} mallocs/op)"
                base_text += f" ({format_count(base_mallocs / per_op)} mallocs/op"
                if row in BASELINE_BUILDS:
                    built = BASELINE_BUILDS[row]
                    base_text += f", {format_count(base_mallocs / built)} per object it builds"
                base_text += ")"
                if row in BASELINE_BUILDS:
                    more = ours_mallocs / per_op > base_mallocs / built
                else:
                    more = row in MALLOCS_AT_MOST_BASELINE and ours_mallocs > base_mallocs
                if more:
                    met = "NO (mallocs)" if met == "yes" else "NO (time, mallocs)"
        rows.append((row, ours_text, f"{baseline.removeprefix('baseline-')}: {base_text}",
                     f"{ratio:.3f}", spread_text, f"{alone:.3f}", f"≤ {target:g}", met))

    growth = median_of(results, "memory.toml.2MB.x1000 ours", "residentGrowth")
    if growth is not None:
        mb = growth / 1_048_576
        rows.append(("memory.toml.2MB.x1000", f"+{mb:.2f} MB resident", "-", "-", "-", "-", "< 2 MB",
                     "yes" if mb < 2 else "NO"))
    peak_bytes = median_of(results, "memory.json.5MB-comments.peak ours", "peakResidentGrowth")
    size_bytes = median_of(results, "memory.json.5MB-comments.peak ours", "inputBytes")
    if peak_bytes is not None and size_bytes:
        factor = peak_bytes / size_bytes
        rows.append(("memory.json.5MB-comments.peak", f"{peak_bytes / 1_048_576:.1f} MB peak",
                     f"file: {size_bytes / 1_048_576:.1f} MB", f"{factor:.2f}×", "-", "-", "< 8×",
                     "yes" if factor < 8 else "NO"))

    header = ("benchmark", "ours", "baseline", "ratio", "per iteration [p25–p75]", "alone", "target", "met")
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        print("  ".join("-" * w for w in widths))
        for row in rows:
            print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)))
    for row, baseline, *_ in RATIO_ROWS:
        if (f"{row} ours", "wallClock") in results and (f"{row} {baseline}", "wallClock") not in results:
            print(f"warning: {row} has no baseline result", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Builds the Benchmarks package in release, runs every benchmark once, and prints one table:
# benchmark, ours, baseline, ratio (median of ours / median of the baseline, both sides timed
# interleaved in one process), the quartiles of the per-iteration ratios, the ratio of the two
# sides run alone in separate processes, target, met.
#
#   Scripts/benchmarks.sh                 # everything
#   Scripts/benchmarks.sh --markdown      # the same table as Markdown (for Benchmarks/RESULTS.md)
#   BENCHMARK_FILTER='property.*' Scripts/benchmarks.sh   # only matching benchmarks (regex)
set -euo pipefail
cd "$(dirname "$0")/.."

format_flag=""
if [[ "${1:-}" == "--markdown" ]]; then format_flag="--markdown"; fi

export_dir="$(mktemp -d)"
trap 'rm -rf "$export_dir"' EXIT
start=$(date +%s)

echo "== building Benchmarks (release)" >&2
# SwiftPM itself has been seen to crash (in libdispatch) on a busy machine: try a second time.
# --disable-build-manifest-caching: with the cached build manifest, SwiftPM has been seen to miss a
# source file added to or removed from the main package (a path dependency here), failing with
# "cannot find ... in scope" or "missing inputs" until the manifest is rebuilt.
build=(swift build -c release --package-path Benchmarks --disable-build-manifest-caching)
"${build[@]}" >&2 || "${build[@]}" >&2
built=$(date +%s)

filter_args=()
if [[ -n "${BENCHMARK_FILTER:-}" ]]; then filter_args=(--filter "$BENCHMARK_FILTER"); fi

echo "== running benchmarks" >&2
swift package --package-path Benchmarks --allow-writing-to-directory "$export_dir" \
    benchmark --format histogramPercentiles --path "$export_dir" --no-progress \
    "${filter_args[@]}" >"$export_dir/run.log" 2>&1 || { cat "$export_dir/run.log" >&2; exit 1; }
finished=$(date +%s)

python3 Scripts/benchmark-table.py "$export_dir" $format_flag
echo "" >&2
echo "build $((built - start)) s, benchmarks $((finished - built)) s, total $((finished - start)) s" >&2

#!/usr/bin/env bash
# Checks the allocation counts of a chosen set of benchmarks against the thresholds checked in
# under Benchmarks/Thresholds/ (ordo-one/benchmark's static thresholds: one p90 per benchmark,
# with the tolerance each benchmark's configuration allows). Allocation counts do not depend on
# the machine's load, so CI can compare them; time ratios stay in Benchmarks/RESULTS.md.
#
#   Scripts/check-benchmark-thresholds.sh            # check; exit 1 on more allocations
#   Scripts/check-benchmark-thresholds.sh --update   # rewrite the thresholds (after a change
#                                                    # that is meant to move them; commit them)
#
# Only the "ours" side of the rows below runs, with the mallocCountTotal metric alone.
# BENCHMARK_SCRATCH_PATH picks the Benchmarks package's scratch path (default .build).
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
# Hash seeds (the standard library's and the parsers' key fingerprints) decide which keys a
# parse's key cache keeps, and so how many key strings it allocates: fixed seeds make the counts
# the same in every run.
export SWIFT_DETERMINISTIC_HASHING=1

targets='^(Graph|Loading|Injection|Autoregistration)$'
rows='graph\.(injector\.factory|autoregister|injector\.get\.container|injected\.container)\.100'
rows+='|register\.(autoregister|injector)\.100'
rows+='|(toml|jsonc)\.load\.(few-large-tables|many-small-nested|long-arrays-inline)'
rows+='|injector\.get\.(factory|container)|autoregister\.resolve\.3deps\.1args'
filter="^(${rows}) ours\$"
scratch=(--scratch-path "${BENCHMARK_SCRATCH_PATH:-.build}")
common=(--target "$targets" --filter "$filter" --metric mallocCountTotal --path Thresholds --no-progress)

start=$(date +%s)
if [[ "${1:-}" == "--update" ]]; then
    swift package "${scratch[@]}" --allow-writing-to-package-directory benchmark thresholds update "${common[@]}"
    echo "thresholds written to Benchmarks/Thresholds/ in $(($(date +%s) - start)) s"
    exit 0
fi

# `thresholds update` writes "<target>.<name>.p90.json" with the space before "ours" made an
# underscore, but `thresholds check` looks the files up by the name as it is: check against copies
# named that way.
log=$(mktemp)
named=$(mktemp -d)
trap 'rm -rf "$log" "$named"' EXIT
for file in Thresholds/*_ours.p90.json; do
    base=$(basename "$file")
    cp "$file" "$named/${base%_ours.p90.json} ours.p90.json"
done
check=(--target "$targets" --filter "$filter" --metric mallocCountTotal --path "$named" --no-progress)
status=0
swift package "${scratch[@]}" benchmark thresholds check "${check[@]}" >"$log" 2>&1 || status=$?
elapsed=$(($(date +%s) - start))
# The plugin reports an improvement by throwing, which `swift package` turns into exit 1: read
# the log, and count it as an improvement only when no benchmark did worse.
if [[ $status -ne 0 ]] && grep -q "benchmarkThresholdImprovement" "$log" \
    && ! grep -q -e "Deviations worse than threshold" -e "benchmarkThresholdRegression" "$log"; then
    status=4
fi
case $status in
    0)
        echo "benchmark allocation thresholds: all within tolerance (${elapsed} s)"
        ;;
    4)
        # Fewer allocations than recorded: not a failure, but the thresholds should follow.
        cat "$log"
        echo "benchmark allocation thresholds: fewer allocations than recorded (${elapsed} s);" \
            "run Scripts/check-benchmark-thresholds.sh --update and commit Benchmarks/Thresholds/"
        ;;
    *)
        cat "$log"
        echo "benchmark allocation thresholds: FAILED (exit ${status}, ${elapsed} s): more allocations" \
            "than Benchmarks/Thresholds/ allows, or the benchmarks did not run" >&2
        exit 1
        ;;
esac

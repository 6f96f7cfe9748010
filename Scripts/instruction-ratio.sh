#!/usr/bin/env bash
# Decides the benchmark rows whose bound lies inside the timed run-to-run spread by instruction
# counts: callgrind counts the same instructions on every run however busy the machine is.
#
#   Scripts/instruction-ratio.sh             # every row below
#   Scripts/instruction-ratio.sh graph.autoregister.100
#   Scripts/instruction-ratio.sh --skip-build ...
#
# Each row runs ProfileLoad's workload for our side and for the baseline at two repetition
# counts in one process each; the difference between the two counts is the marginal cost of the
# repetitions, so set-up (building the containers of both sides, which every graph workload does
# alike) cancels out. The ratio is ours over the baseline; a row passes when it is within the
# bound Benchmarks/RESULTS.md gives it. Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."

# row | our workload | baseline workload | low count | high count | bound
ROWS="
graph.autoregister.100|graph-autoregister|graph-swinject|1|11|1.05
graph.injector.factory.100|graph-injector|graph-swinject|1|11|0.5
graph.injector.get.container.100|graph-container|graph-synchronized|1|11|1.15
autoregister.resolve.3deps.1args|autoregister-resolve|manual-resolve|1|3|1.05
autoregister.resolve.20deps.1args|autoregister-resolve-20-1|manual-resolve-20-1|1|11|1.05
register.autoregister.100|register-autoregister|register-manual|1|11|2
"

build=1
selected=()
for argument in "$@"; do
    case $argument in
        --skip-build) build=0 ;;
        *) selected+=("$argument") ;;
    esac
done

command -v valgrind >/dev/null || { echo "instruction-ratio: valgrind is not installed" >&2; exit 2; }
binary=$(mktemp /tmp/ProfileLoad.XXXXXX)
trap 'rm -f "$binary"' EXIT
if [[ $build -eq 1 ]]; then
    swift build -c release --package-path Benchmarks --product ProfileLoad --disable-build-manifest-caching >&2
fi
# Valgrind cannot read Swift 6.3's DWARF 5 debug information; the stripped copy keeps the symbols.
strip --strip-debug -o "$binary" Benchmarks/.build/release/ProfileLoad

# The instructions one run of `workload` with `count` repetitions executes.
instructions() {
    local out
    out=$(mktemp)
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" \
        >/dev/null 2>"$out"
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$out"
    rm -f "$out"
}

failed=0
printf '%-36s %14s %14s %7s %7s\n' row "ours (instr.)" "baseline" ratio bound
while IFS='|' read -r row ours baseline low high bound; do
    [[ -z $row ]] && continue
    if [[ ${#selected[@]} -gt 0 && ! " ${selected[*]} " =~ \ $row\  ]]; then continue; fi
    ours_cost=$(($(instructions "$ours" "$high") - $(instructions "$ours" "$low")))
    base_cost=$(($(instructions "$baseline" "$high") - $(instructions "$baseline" "$low")))
    verdict=$(awk -v o="$ours_cost" -v b="$base_cost" -v limit="$bound" \
        'BEGIN { r = o / b; printf "%.3f %s", r, (r <= limit ? "yes" : "NO") }')
    printf '%-36s %14d %14d %7s %7s %s\n' "$row" "$ours_cost" "$base_cost" "${verdict% *}" "≤ $bound" \
        "${verdict#* }"
    [[ ${verdict#* } == yes ]] || failed=1
done <<<"$ROWS"
exit $failed

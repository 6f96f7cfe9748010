#!/usr/bin/env bash
# The leak check: ReliabilityTests.LeakTests under the address sanitizer, whose LeakSanitizer
# reports every heap block left unreachable at exit; the suite also fails if 3,000
# load/apply/resolve/discard cycles grow the heap (counted by the sanitizer's allocator).
#
#   Scripts/check-leaks.sh           # the check (CI)
#   Scripts/check-leaks.sh --prove   # then leaks on purpose (SWINJECTKIT_DELIBERATE_LEAK=1) and
#                                   # requires both the growth check and LeakSanitizer to fail
#
# CI runs it with --prove, so a checker that silently stopped working would fail the build.
# Builds into .build-asan (ignored by git). Fuzz/lsan.supp lists the one known Foundation leak.
set -euo pipefail
cd "$(dirname "$0")/.."
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$(pwd)/Fuzz/lsan.supp}
# Swift Testing records a backtrace for every error thrown during a test, in storage that grows
# in steps of up to about 100 KB; the growth check subtracts an average per throw, so a step moved
# its result both ways (a deliberate leak of 144 KB once read as -38 KB). Without the records the
# per-throw growth is 0.
export SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0
FILTER='ReliabilityTests\.LeakTests'
LOG=.build-asan/check-leaks.log
mkdir -p .build-asan

status=0
swift test --sanitize=address --scratch-path .build-asan --filter "$FILTER" >"$LOG" 2>&1 || status=$?
grep -E "leak check:|SKIPPED|✘|Test run with" "$LOG" || true
if [[ $status -ne 0 ]] || grep -q "ERROR: LeakSanitizer\|ERROR: AddressSanitizer" "$LOG"; then
    echo "LEAK CHECK FAILED (exit $status); the end of the log:" >&2
    grep -v '^\[' "$LOG" | tail -n 80 >&2
    exit 1
fi
echo "leak check: no leak, no heap growth"

if [[ ${1:-} == --prove ]]; then
    status=0
    SWINJECTKIT_DELIBERATE_LEAK=1 swift test --skip-build --sanitize=address --scratch-path .build-asan \
        --filter "$FILTER" >"$LOG.prove" 2>&1 || status=$?
    if [[ $status -eq 0 ]] || ! grep -q "ERROR: LeakSanitizer: detected memory leaks" "$LOG.prove" \
        || ! grep -q "heap grew by" "$LOG.prove"; then
        echo "LEAK CHECK BROKEN: the deliberate leak was not reported by both checks (exit $status)" >&2
        grep -v '^\[' "$LOG.prove" | tail -n 40 >&2
        exit 1
    fi
    grep -E "leak check:" "$LOG.prove" || true
    grep -m1 -A6 "^Direct leak" "$LOG.prove" | grep -E "Direct leak|LeakTests" || true
    echo "leak check proven: the deliberate leak grew the heap, LeakSanitizer reported it, and the run failed"
fi

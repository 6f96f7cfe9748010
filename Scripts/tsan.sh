#!/usr/bin/env bash
# The concurrency suites of ReliabilityTests under the thread sanitizer: fails on any report.
#
#   Scripts/tsan.sh           # the check (CI)
#   Scripts/tsan.sh --prove   # also races on purpose and requires the sanitizer to report it
#
# Builds into .build-tsan (ignored by git). The suites that run code on many threads or tasks
# at once: ReliabilityTests' Concurrency suites (the stress tests and the Sendable checks), the
# async injector and container suites, the Sendable and main-actor resolvers, reload under
# readers, settling, validated reloads and reloads from factories, parallel test overrides and
# the ServiceLifecycle services, and the @Injected start-up check beside a thread building services.
set -euo pipefail
cd "$(dirname "$0")/.."
# No suppression file: our locks are pthread mutexes (SwinjectKitSupport.Lock), which the
# sanitizer sees, so any report is a real finding in our code or in how we call Swinject.
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0 second_deadlock_stack=1}
FILTER='ReliabilityTests\.(Concurrency|DeliberateRace)|Async|SendableResolver|MainActorRegistration'
FILTER+='|Reload(Stress|Rebuild|Watching|PlainContainer|Settling|Validation|FromFactory|ThrowingFactory)?Tests|PropertyUsageConcurrency|PropertySchemaConcurrency|ParallelIsolation|PlainResolveOverride|PropertyOverrideConcurrency|InjectorService|ReloadService|SameLoaderConflict|NestedResolveChain|PublishedReference|ShutdownConcurrency|InjectedStartUpCheck|StartUpChecksKeptInstance'
LOG=.build-tsan/tsan-check.log
mkdir -p .build-tsan

# One test at a time: each suite makes its own threads and tasks, and under the sanitizer on two
# cores, suites run side by side held the cooperative pool long enough (over 60 s) for the async
# cycle tests' 10 s guard to fire with no deadlock in sight.
status=0
swift test --no-parallel --sanitize=thread --scratch-path .build-tsan --filter "$FILTER" >"$LOG" 2>&1 || status=$?
grep -E "stress:|✘|Test run with|ThreadSanitizer: reported|suppressed" "$LOG" || true
if [[ $status -ne 0 ]] || grep -q "WARNING: ThreadSanitizer\|ERROR: ThreadSanitizer" "$LOG"; then
    echo "THREAD SANITIZER FAILED (exit $status); the end of the log:" >&2
    grep -v '^\[' "$LOG" | tail -n 80 >&2
    exit 1
fi
echo "thread sanitizer: no reports"

if [[ ${1:-} == --prove ]]; then
    status=0
    SWINJECTKIT_DELIBERATE_RACE=1 swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
        --filter 'ReliabilityTests\.DeliberateRace' >"$LOG.prove" 2>&1 || status=$?
    if ! grep -q "WARNING: ThreadSanitizer: .*race" "$LOG.prove"; then
        echo "THREAD SANITIZER BROKEN: a deliberate race was not reported (exit $status)" >&2
        tail -n 40 "$LOG.prove" >&2
        exit 1
    fi
    echo "thread sanitizer proven: the deliberate race was reported (exit $status)"
fi

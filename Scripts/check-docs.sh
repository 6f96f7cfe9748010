#!/usr/bin/env bash
# Builds the DocC catalog of every target that has one and fails on any warning.
#
# Usage: Scripts/check-docs.sh [target...]   (default: every Sources/<target>/Documentation.docc)
# The scratch path is .build-docs, so the documentation build never waits on other builds.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    for catalog in Sources/*/Documentation.docc; do
        targets+=("$(basename "$(dirname "$catalog")")")
    done
fi

failed=""
for target in "${targets[@]}"; do
    log=$(mktemp)
    if ! SWINJECTKIT_DOCS=1 swift package --scratch-path .build-docs generate-documentation --target "$target" >"$log" 2>&1; then
        cat "$log"
        echo "documentation of $target: the build failed" >&2
        failed="$failed $target"
        continue
    fi
    # SwiftPM warns that the Swinject dependency ships files it does not declare; that warning is
    # about a dependency's manifest, not about our documentation, so it is the one line let through.
    warnings=$(grep -n "warning:" "$log" | grep -v "warning: 'swinject': found [0-9]* file(s) which are unhandled" || true)
    if [[ -n $warnings ]]; then
        grep -A8 "warning:" "$log" | grep -v "warning: 'swinject': found" || true
        echo "documentation of $target: $(echo "$warnings" | wc -l) warning(s)" >&2
        failed="$failed $target"
    else
        echo "documentation of $target: no warnings"
    fi
    rm -f "$log"
done

if [[ -n $failed ]]; then
    echo "documentation check failed:$failed" >&2
    exit 1
fi

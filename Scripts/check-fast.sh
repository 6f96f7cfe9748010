#!/usr/bin/env bash
# The quick local check before a commit: build, unit tests, format lint, doc samples.
#
#   Scripts/check-fast.sh
#
# A subset of .ci/run that needs no sanitizer, release or client build, so an incremental run
# stays within a few minutes on a two-core machine. It leaves out the YAML trait, the Hummingbird
# example, the DocC catalogs, the public-API baseline, fuzzing, the thread sanitizer, the leak
# check and the benchmarks: run `bash .ci/run` for everything CI checks.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    echo "== $1"
}

step "swift build --build-tests"
swift build --build-tests

step "swift test (unit tests, already built)"
swift test --skip-build

step "swift format lint --strict"
swift format lint --strict --recursive Sources Tests Examples Package.swift

step "every swift sample of the README and the DocC catalogs is in a test file"
python3 Scripts/check-doc-samples.py

echo "check-fast: passed in ${SECONDS} s"

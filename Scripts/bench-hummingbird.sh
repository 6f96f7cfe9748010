#!/usr/bin/env bash
# Measures the Hummingbird example on loopback with wrk: request throughput and p99 latency of a
# handler resolving five request-scoped services against the same handler built by hand, start-up
# to the first 200 against a hand-wired app, and resident memory over 100,000 requests.
# Arguments go to Scripts/bench-hummingbird.py (--only throughput|startup|memory, --rounds N, ...).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wrk >/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then apt-get install -y wrk; else sudo apt-get install -y wrk; fi
fi
swift build -c release --package-path Examples/HummingbirdOrders --product orders-benchmark
exec python3 Scripts/bench-hummingbird.py \
    --binary Examples/HummingbirdOrders/.build/release/orders-benchmark \
    --example-config Examples/HummingbirdOrders/Config "$@"

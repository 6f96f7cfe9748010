#!/usr/bin/env bash
# Fails when a source file under Sources/ uses an API newer than the platform floor (Package.swift)
# outside `#available` or `@available`. The rules are in Scripts/check-availability.py.
#
#   Scripts/check-availability.sh           # the check (CI)
#   Scripts/check-availability.sh --prove   # also plants unguarded uses in a copy and expects them reported
set -euo pipefail
cd "$(dirname "$0")/.."
swift package resolve >/dev/null
exec python3 Scripts/check-availability.py "$@"

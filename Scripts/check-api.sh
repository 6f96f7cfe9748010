#!/usr/bin/env bash
# Compares the public API of every library product with its baseline in API/<Module>.txt.
#
#   Scripts/check-api.sh            # exit 1 with a diff when a product's public API differs
#   Scripts/check-api.sh --update   # rewrite the baselines; commit them with the change
#
# A public change is then deliberate and shows in review as a change to API/. The symbol graphs
# come from `swift package dump-symbol-graph`: a debug build of the default traits on Linux, so
# API behind a trait (YAMLPropertyLoader) or another platform's `#if` is not in the baseline.
# Scripts/api-digest.py reduces each module's graphs to one sorted line per public declaration
# and per conformance, without the USRs, doc comments and positions that change from build to
# build. Members Swift synthesizes from a protocol's default implementations are left out: they
# follow from the conformance line.
set -euo pipefail
cd "$(dirname "$0")/.."

update=0
case ${1:-} in
"") ;;
--update) update=1 ;;
*)
    echo "usage: Scripts/check-api.sh [--update]" >&2
    exit 2
    ;;
esac

# The modules of the library products, from the manifest.
mapfile -t modules < <(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
modules = set()
for product in package["products"]:
    if "library" in product["type"]:
        modules.update(product["targets"])
print("\n".join(sorted(modules)))')

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$log" 2>&1; then
    cat "$log" >&2
    echo "check-api: swift package dump-symbol-graph failed" >&2
    exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [[ -z $graphs || ! -d $graphs ]]; then
    cat "$log" >&2
    echo "check-api: no symbol graph folder in the output above" >&2
    exit 1
fi

if [[ $update == 1 ]]; then
    rm -f API/*.txt
    python3 Scripts/api-digest.py "$graphs" API "${modules[@]}"
    echo "check-api: baselines written to API/"
    exit 0
fi

current=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$current"' EXIT
python3 Scripts/api-digest.py "$graphs" "$current" "${modules[@]}"
status=0
for module in "${modules[@]}"; do
    baseline=API/$module.txt
    [[ -f $baseline ]] || baseline=/dev/null
    diff -u --label "API/$module.txt (baseline)" --label "API/$module.txt (this tree)" \
        "$baseline" "$current/$module.txt" || status=1
done
for baseline in API/*.txt; do
    [[ -f $baseline && ! -f $current/$(basename "$baseline") ]] || continue
    echo "check-api: $baseline names no library product module" >&2
    status=1
done
if [[ $status != 0 ]]; then
    echo "check-api: the public API differs from API/ (- lines left it, + lines joined it)." >&2
    echo "If the change is meant, run Scripts/check-api.sh --update and commit API/." >&2
    exit 1
fi
echo "check-api: the public API matches API/"

#!/usr/bin/env bash
# Fails when a source comment or a document tells a story instead of stating a rule.
#
# Comments and docs say what holds and why; dates, machines, sessions and before/after figures
# belong in commit messages and Benchmarks/RESULTS.md. Checked: the comments of Sources/**/*.swift,
# README.md, CONTRIBUTING.md and every Sources/*/*.docc/**/*.md. Sample data in docs uses dates
# before 2025, so a recent year marks a story.
set -euo pipefail
cd "$(dirname "$0")/.."

patterns=(
    '\b202[5-9]-[01][0-9]'                                  # a recent date
    '\b[0-2][0-9]:[0-5][0-9] UTC\b'                         # a time of day
    '[Bb]efore/after'
    '\b(before|after) (these|this|the) (two )?changes?\b'
    '\b(this|the|that|a|slower|faster|shared) VM\b'
    '[Mm]easured on\b'
    '\b(this|that|the benchmark|the 2-core|the development) machine\b'
    '\b([Tt]his|[Tt]hat|the|last|previous|earlier|one|same) session\b'
    '[0-9](\.[0-9]+)? ?(ns|µs|us|ms|s|%|KB|MB|GB|x|×)? ?(→|->) ?[0-9]'  # a figure pair
    '[0-9] ?(µs|ns)\b'                                      # a timing
    '\b[0-9][0-9.,]* ?(M|K|million|thousand)? instructions\b'
    '\b[0-9][0-9.]*M of [0-9][0-9.]*M\b'
    '[0-9.]+ ?(x|×|times) (faster|slower|as long|as fast)'
    '\b(measured|measurably)\b'
    '\bin the benchmark binary\b'
    '\b(half|twice|a third|two thirds) (of )?(the|its) instructions\b'
    '\b(for|in|of) the [0-9a-z-]+ (tables of the )?[a-z]* ?benchmarks?\b'
)
regex=$(IFS='|'; echo "${patterns[*]}")

# The comment text of every Swift line (what follows the first `//`), as path:line:text.
swift_comments() {
    find Sources -name '*.swift' -print0 | sort -z | xargs -0 awk '
        { i = index($0, "//"); if (i > 0) printf "%s:%d:%s\n", FILENAME, FNR, substr($0, i) }'
}

documents() {
    local files=(README.md CONTRIBUTING.md)
    while IFS= read -r -d '' file; do files+=("$file"); done < <(find Sources -path '*.docc/*' -name '*.md' -print0 | sort -z)
    for file in "${files[@]}"; do
        [[ -f $file ]] && awk '{ printf "%s:%d:%s\n", FILENAME, FNR, $0 }' "$file"
    done
}

hits=$( { swift_comments; documents; } | grep -E -- "$regex" || true)
if [[ -n $hits ]]; then
    echo "$hits"
    echo "doc rules: $(echo "$hits" | wc -l) line(s) tell a story (a date, a machine, a session or a before/after figure); state the rule instead" >&2
    exit 1
fi
echo "doc rules: no dates, machines, sessions or before/after figures in comments and docs"

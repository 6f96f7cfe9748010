#!/usr/bin/env bash
# Builds one libFuzzer target with the toolchain's swiftc and runs it.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   Scripts/fuzz.sh TARGET repro FILE...     # run saved inputs once (a crash reproducer)
#   Scripts/fuzz.sh TARGET coverage          # edge coverage of the saved corpus, per source file
#   Scripts/fuzz.sh list                     # the target names
#   Scripts/fuzz.sh memory [MEGABYTES]       # peak parse memory per input byte, per input shape
#
# Targets: json, toml (the parsers), plist, json-loader, toml-loader (the loaders on bytes),
# json-reads, toml-reads (one or two documents applied to a container, then every read path:
# exact keys, dot paths, sections as dictionaries and arrays, Decodable, a child container),
# yaml (YAMLPropertyLoader with libyaml from Yams, then every key read back), secrets (a marker
# secret planted in a JSON, TOML or .env document; no rendering may show it).
# Build products, the growing corpus and crash artifacts live under Fuzz/.build/ (ignored by
# git). Seeds are assembled at run time from ../shared/conformance (when present next to the
# checkout), the test fixtures and Fuzz/seeds/. Exit status is non-zero on any crash, timeout,
# leak or out-of-memory, and the reproducer is printed (path, base64 and a hex dump).
#
# SwiftPM cannot link an executable built with -sanitize=fuzzer (Fuzz_main is undefined), so
# this script drives swiftc directly: it builds PropertyFormats (and, for the loader targets,
# Swinject and SwinjectPropertyLoader) as modules with coverage instrumentation and the address
# sanitizer, then links each target's entry point against them.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGETS="json toml plist json-loader toml-loader json-reads toml-reads env yaml placeholders dotenv cli secrets"

usage() {
    echo "usage: Scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]" >&2
    echo "       Scripts/fuzz.sh TARGET repro FILE..." >&2
    echo "targets: $TARGETS" >&2
    exit 2
}

[[ $# -ge 1 ]] || usage
if [[ $1 == list ]]; then
    echo "$TARGETS"
    exit 0
fi
if [[ $1 == memory ]]; then
    # Not a fuzz target: the parsers' sources and Fuzz/memory in one optimized program without
    # sanitizers (they would add their own memory), run once per shape so that each peak is
    # measured in a fresh process. Fails when a shape passes the bound ParseLimits documents.
    mkdir -p Fuzz/.build/bin
    mapfile -t files < <(find Sources/PropertyFormats Fuzz/memory -name '*.swift' | LC_ALL=C sort)
    ${SWIFTC:-swiftc} -swift-version 6 -O -wmo -parse-as-library -package-name SwinjectKit -module-name MeasureMemory \
        "${files[@]}" -o Fuzz/.build/bin/measure-memory
    megabytes=${2:-16}
    failed=0
    # Four sizes per shape, about MEGABYTES of input and up to 1.75 times as much for 4-byte
    # elements: where the outer array stands in its growth moves the peak.
    count=$((megabytes * 1048576 / 4))
    for shape in json-digits json-arrays json-empty json-objects json-keys json-strings toml-digits toml-arrays \
        toml-keys toml-dotted toml-headers toml-inline toml-dates; do
        for size in $count $((count * 5 / 4)) $((count * 3 / 2)) $((count * 7 / 4)); do
            Fuzz/.build/bin/measure-memory "$shape" "$size" || failed=1
        done
    done
    exit $failed
fi
[[ $# -ge 2 ]] || usage
TARGET=$1
MODE=$2
shift 2
case " $TARGETS " in *" $TARGET "*) ;; *) echo "unknown target: $TARGET" >&2; usage ;; esac

WORK="$ROOT/Fuzz/.build"
BIN="$WORK/bin/$TARGET"
MODULES="$WORK/modules"
mkdir -p "$WORK/bin" "$MODULES"

SWIFTC=${SWIFTC:-swiftc}
COMMON=(-swift-version 6 -O -g -parse-as-library -package-name SwinjectKit
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault)

swift_files() { find "$@" -name '*.swift' | LC_ALL=C sort; }

# Rebuilds an output only when the hash of its inputs and flags changed.
up_to_date() {
    local output=$1 stamp=$1.stamp hash
    shift
    hash=$(cat "$@" | sha256sum | cut -d' ' -f1)
    hash="$hash $(echo "${COMMON[*]} $SWIFTC" | sha256sum | cut -d' ' -f1)"
    if [[ -f $output && -f $stamp && $(cat "$stamp") == "$hash" ]]; then return 0; fi
    echo "$hash" >"$stamp.new"
    return 1
}
mark_built() { mv "$1.stamp.new" "$1.stamp"; }

# Runs the compiler with its output in a log (the gold linker warns about every ASan symbol);
# the log is shown only when the build fails.
compile() {
    if ! "$SWIFTC" "$@" >"$WORK/build-$TARGET.log" 2>&1; then
        grep -v 'Cannot export local symbol' "$WORK/build-$TARGET.log" >&2
        echo "fuzz build failed" >&2
        exit 1
    fi
}

# build_module NAME SANITIZERS SOURCE_DIR [SWIFTC FLAGS...]: one object file and .swiftmodule
# per module.
build_module() {
    local name=$1 sanitize=$2 dir=$3 files
    shift 3
    mapfile -t files < <(swift_files "$dir")
    if up_to_date "$MODULES/$name.o" "${files[@]}"; then return; fi
    echo "== building module $name" >&2
    compile "${COMMON[@]}" -sanitize="$sanitize" -wmo -c -module-name "$name" -I "$MODULES" "$@" \
        -emit-module -emit-module-path "$MODULES/$name.swiftmodule" "${files[@]}" -o "$MODULES/$name.o"
    mark_built "$MODULES/$name.o"
}

build_target() {
    local files
    case $TARGET in
    json | toml)
        build_module PropertyFormats fuzzer,address Sources/PropertyFormats
        mapfile -t files < <(swift_files "Fuzz/$TARGET")
        if up_to_date "$BIN" "${files[@]}" "$MODULES/PropertyFormats.o"; then return; fi
        echo "== building fuzz target $TARGET" >&2
        compile "${COMMON[@]}" -sanitize=fuzzer,address -module-name "Fuzz${TARGET^^}" -I "$MODULES" \
            "${files[@]}" "$MODULES/PropertyFormats.o" -o "$BIN"
        ;;
    yaml)
        # YAMLPropertyLoader with the YAML trait's define, on libyaml: Yams' C sources (its CYaml
        # target) compiled by clang with the same sanitizers, the module map found through -I. The
        # modules go in a directory of their own, so the other loader targets never link libyaml.
        if [[ ! -d .build/checkouts/Yams/Sources/CYaml ]]; then swift package resolve >&2; fi
        local cyaml=.build/checkouts/Yams/Sources/CYaml
        MODULES="$WORK/modules-yaml"
        mkdir -p "$MODULES"
        if ! up_to_date "$MODULES/CYaml.o" "$cyaml"/src/*.c "$cyaml"/include/*.h; then
            echo "== building libyaml" >&2
            for file in "$cyaml"/src/*.c; do
                clang -O1 -g -fsanitize=fuzzer-no-link,address -DYAML_DECLARE_STATIC -I "$cyaml/include" \
                    -c "$file" -o "$MODULES/cyaml-$(basename "$file" .c).o"
            done
            ld -r "$MODULES"/cyaml-*.o -o "$MODULES/CYaml.o"
            mark_built "$MODULES/CYaml.o"
        fi
        build_module Swinject address .build/checkouts/Swinject/Sources
        build_module Logging address .build/checkouts/swift-log/Sources/Logging
        build_module SwinjectKitSupport address Sources/SwinjectKitSupport
        build_module SwinjectKitFileStatus address Sources/SwinjectKitFileStatus
        build_module PropertyFormats fuzzer,address Sources/PropertyFormats
        build_module SwinjectPropertyLoader fuzzer,address Sources/SwinjectPropertyLoader \
            -D YAML -Xcc -I -Xcc "$cyaml/include" -Xcc -DYAML_DECLARE_STATIC
        mapfile -t files < <(swift_files Fuzz/yaml Fuzz/Shared)
        if up_to_date "$BIN" "${files[@]}" "$MODULES"/*.o; then return; fi
        echo "== building fuzz target $TARGET" >&2
        compile "${COMMON[@]}" -sanitize=fuzzer,address -module-name FuzzYAML -I "$MODULES" \
            -Xcc -I -Xcc "$cyaml/include" "${files[@]}" "$MODULES/Swinject.o" "$MODULES/Logging.o" \
            "$MODULES/SwinjectKitSupport.o" "$MODULES/SwinjectKitFileStatus.o" "$MODULES/PropertyFormats.o" \
            "$MODULES/SwinjectPropertyLoader.o" "$MODULES/CYaml.o" -o "$BIN"
        ;;
    *)
        if [[ ! -d .build/checkouts/Swinject/Sources ]]; then swift package resolve >&2; fi
        build_module Swinject address .build/checkouts/Swinject/Sources
        build_module Logging address .build/checkouts/swift-log/Sources/Logging
        build_module SwinjectKitSupport address Sources/SwinjectKitSupport
        build_module SwinjectKitFileStatus address Sources/SwinjectKitFileStatus
        build_module PropertyFormats fuzzer,address Sources/PropertyFormats
        build_module SwinjectPropertyLoader fuzzer,address Sources/SwinjectPropertyLoader
        mapfile -t files < <(swift_files "Fuzz/$TARGET" Fuzz/Shared)
        if up_to_date "$BIN" "${files[@]}" "$MODULES"/*.o; then return; fi
        echo "== building fuzz target $TARGET" >&2
        compile "${COMMON[@]}" -sanitize=fuzzer,address -module-name FuzzLoader -I "$MODULES" \
            "${files[@]}" "$MODULES/Swinject.o" "$MODULES/Logging.o" "$MODULES/SwinjectKitSupport.o" \
            "$MODULES/SwinjectKitFileStatus.o" "$MODULES/PropertyFormats.o" "$MODULES/SwinjectPropertyLoader.o" -o "$BIN"
        ;;
    esac
    mark_built "$BIN"
}

# Copies seed files (regular files only, up to 64 KiB) into a fresh directory.
assemble_seeds() {
    local seeds=$1 conformance="$ROOT/../shared/conformance"
    rm -rf "$seeds"
    mkdir -p "$seeds"
    local format=${TARGET%-loader}
    format=${format%-reads}
    {
        case $format in
        json)
            if [[ -d $conformance ]]; then
                find "$conformance/JSONTestSuite" -type f -name '*.json'
                find "$conformance/json5-tests" -type f \( -name '*.json' -o -name '*.json5' \)
            fi
            find Tests Examples -path '*Resources*' -o -path '*Fixtures*' | grep '\.json$' || true
            ;;
        toml)
            if [[ -d $conformance ]]; then find "$conformance/toml-test" -type f -name '*.toml'; fi
            find Tests Examples -path '*Resources*' -o -path '*Fixtures*' | grep '\.toml$' || true
            ;;
        plist)
            find Tests Examples -path '*Resources*' -o -path '*Fixtures*' | grep '\.plist$' || true
            ;;
        esac
        find "Fuzz/seeds/$format" -type f
    } | while IFS= read -r file; do
        [[ -f $file && $(stat -c %s "$file") -le 65536 ]] || continue
        cp "$file" "$seeds/$(echo "$file" | sha1sum | cut -c1-16)-$(basename "$file")"
    done
    echo "$(find "$seeds" -type f | wc -l) seed files" >&2
}

print_reproducers() {
    local artifacts=$1 found=0
    for file in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/leak-* "$artifacts"/oom-* "$artifacts"/slow-unit-*; do
        [[ -f $file ]] || continue
        found=1
        echo "---- reproducer: $file ($(stat -c %s "$file") bytes)"
        echo "base64: $(base64 -w0 "$file")"
        head -c 512 "$file" | od -A d -c | head -n 20
        echo "re-run: Scripts/fuzz.sh $TARGET repro $file"
    done
    return $found
}

build_target
FORMAT=${TARGET%-loader}
FORMAT=${FORMAT%-reads}
DICT="$ROOT/Fuzz/dictionaries/$FORMAT.dict"
ARTIFACTS="$WORK/artifacts/$TARGET"
mkdir -p "$ARTIFACTS"

if [[ $MODE == coverage ]]; then
    # Edge and function coverage of the saved corpus, per source file of the target's subject.
    case $TARGET in
    json) FOCUS=Sources/PropertyFormats/JSON/ ;;
    toml) FOCUS=Sources/PropertyFormats/TOML/ ;;
    *) FOCUS=Sources/SwinjectPropertyLoader/ ;;
    esac
    mkdir -p "$WORK/corpus/$TARGET"
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/Fuzz/lsan.supp} "$BIN" -runs=0 -print_coverage=1 \
        -detect_leaks=0 "$WORK/corpus/$TARGET" 2>&1 | python3 Scripts/fuzz-coverage.py "$FOCUS"
    exit 0
fi
if [[ $MODE == repro ]]; then
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/Fuzz/lsan.supp} exec "$BIN" -runs=1 "$@"
fi
[[ $MODE =~ ^[0-9]+$ ]] || usage
SECONDS_TO_RUN=$MODE

CORPUS="$WORK/corpus/$TARGET"
SEEDS="$WORK/seeds/$TARGET"
mkdir -p "$CORPUS"
assemble_seeds "$SEEDS"
rm -f "$ARTIFACTS"/crash-* "$ARTIFACTS"/timeout-* "$ARTIFACTS"/leak-* "$ARTIFACTS"/oom-* "$ARTIFACTS"/slow-unit-*

# PropertyListSerialization leaks a CFError on every malformed input (see Fuzz/lsan.supp). The
# loader no longer calls it on Linux, but the plist target's reference path does, so libFuzzer
# would run a full leak scan after nearly every input. The plist target skips the per-input leak
# check; the loader's own path (the CoreFoundation walk, the store) is leak-checked by
# Scripts/check-leaks.sh, whose cycle loads a malformed plist.
LEAKS=1
if [[ $TARGET == plist ]]; then LEAKS=0; fi

LOG="$WORK/$TARGET.log"
# Long runs go in rounds (each a fresh process over the same corpus), so that memory Foundation
# leaks on the plist path cannot pile up into an out-of-memory stop. The plist target uses
# short rounds (60 s: at about 14k inputs a second, 120 s reached the 2 GB limit once);
# FUZZ_ROUND_SECONDS overrides.
ROUND=${FUZZ_ROUND_SECONDS:-600}
if [[ $TARGET == plist ]]; then ROUND=${FUZZ_ROUND_SECONDS:-60}; fi
echo "== fuzzing $TARGET for $SECONDS_TO_RUN s (log: $LOG)"
status=0
remaining=$SECONDS_TO_RUN
total_execs=0
round=0
: >"$LOG"
while [[ $remaining -gt 0 && $status -eq 0 ]]; do
    slice=$((remaining < ROUND ? remaining : ROUND))
    round=$((round + 1))
    echo "---- round $round: $slice s" >>"$LOG"
    # The outer timeout is a guard against a hang outside of an input (libFuzzer's -timeout
    # covers each input).
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/Fuzz/lsan.supp} \
        timeout --kill-after=30 $((slice + 120)) \
        "$BIN" "$CORPUS" "$SEEDS" -dict="$DICT" -max_total_time="$slice" -timeout=10 \
        -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix="$ARTIFACTS/" \
        -detect_leaks="$LEAKS" "$@" >>"$LOG" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -n 1)
    total_execs=$((total_execs + ${execs:-0}))
    remaining=$((remaining - slice))
done

last=$(grep -E '^#[0-9]+[[:space:]]' "$LOG" | tail -n 1 || true)
echo "$last"
cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corpus=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
echo "FUZZ-SUMMARY target=$TARGET seconds=$SECONDS_TO_RUN rounds=$round execs=$total_execs cov=${cov:-?} ft=${ft:-?} corpus=${corpus:-?} status=$status"

if ! print_reproducers "$ARTIFACTS" || [[ $status -ne 0 ]] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)' "$LOG"; then
    echo "FUZZ FAILED: $TARGET (exit $status); the end of the log:" >&2
    grep -v -E '^#[0-9]+[[:space:]]' "$LOG" | tail -n 60 >&2
    exit 1
fi
echo "fuzz $TARGET: no crash, timeout or leak"

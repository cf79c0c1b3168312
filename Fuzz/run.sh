#!/usr/bin/env bash
# Runs fuzz targets with libFuzzer under the address sanitizer.
#
#   ./run.sh TARGET SECONDS [libFuzzer options…]   one target, e.g. ./run.sh FuzzJSON 600
#   ./run.sh all SECONDS                           every target, one per core at a time (what CI does)
#   ./run.sh list                                  the targets
#
# Each run starts from the committed seed corpus in Corpus/TARGET and keeps what it finds in
# .build/corpus/TARGET (not committed). A crash, an input that takes more than 5 seconds, or a
# failed property stops the run, leaves the input in .build/crashes/, and exits non-zero.
# README.md says how to reproduce and minimise one.
set -euo pipefail
cd "$(dirname "$0")"

targets=(FuzzJSON FuzzResponse FuzzOperations FuzzSchema FuzzIntrospection FuzzMultipart FuzzWebSocketMessage FuzzServerSentEvents FuzzIncremental FuzzSQLiteFile)

build() {
    # The address sanitizer and libFuzzer's coverage instrumentation for every module; libFuzzer
    # itself is linked into the targets alone (Package.swift says why). Testable imports reach
    # the parsers that are internal to Apogee; release keeps the runs fast enough to matter.
    # The code generator, which the plugin runs during the build, is sanitized too; the Swift
    # runtime's caches live until exit on purpose, so leak reports are off.
    ASAN_OPTIONS=detect_leaks=0 swift build -c release --sanitize=address \
        -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
        -Xswiftc -enable-testing "$@"
}

# Seeds that live elsewhere in the repository, read where they are rather than copied: the
# examples' operations and schemas.
extra_seeds() {
    case $1 in
    FuzzOperations) echo ../Examples/RocketReserverAPI Targets/FuzzResponse ;;
    FuzzSchema) echo ../Examples/RocketReserverAPI ../Examples/TodoAPI ;;
    esac
}

run() {
    local target=$1 seconds=$2
    shift 2
    mkdir -p ".build/corpus/$target" .build/crashes
    local log=".build/$target.log"
    local started=$SECONDS
    local status=0
    # Swift's own crash handler is off so that libFuzzer's reports the crash (the handler's
    # reading of the stack is itself an error to the address sanitizer), and leak checks are
    # off for the Swift runtime's caches, which live until exit on purpose.
    # shellcheck disable=SC2046 # the extra seed folders are words
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
        ".build/release/$target" ".build/corpus/$target" "Corpus/$target" $(extra_seeds "$target") \
            -max_total_time="$seconds" -timeout=5 -rss_limit_mb=4096 -detect_leaks=0 \
            -artifact_prefix=".build/crashes/$target-" -print_final_stats=1 "$@" >"$log" 2>&1 || status=$?
    local runs
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    local elapsed=$((SECONDS - started))
    if [ "$status" -ne 0 ]; then
        tail -40 "$log" >&2
        echo "$target: FAILED after ${elapsed} s (exit $status); the input is in .build/crashes/" >&2
        return "$status"
    fi
    echo "$target: ${runs:-0} inputs in ${elapsed} s, $(( ${runs:-0} / (elapsed > 0 ? elapsed : 1) )) a second, no crash"
}

case "${1:-}" in
list)
    printf '%s\n' "${targets[@]}"
    ;;
all)
    seconds=${2:?"usage: ./run.sh all SECONDS"}
    build
    # One lane of targets per core, run side by side: each libFuzzer run is single-threaded, so
    # on CI's two cores every target keeps its full time and the stage takes half as long.
    lanes=$(nproc)
    pids=()
    for ((lane = 0; lane < lanes; lane++)); do
        (
            status=0
            for ((index = lane; index < ${#targets[@]}; index += lanes)); do
                run "${targets[index]}" "$seconds" || status=1
            done
            exit "$status"
        ) &
        pids+=($!)
    done
    failed=0
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    exit "$failed"
    ;;
"")
    echo "usage: ./run.sh TARGET SECONDS [libFuzzer options…] | all SECONDS | list" >&2
    exit 2
    ;;
*)
    target=$1
    seconds=${2:?"usage: ./run.sh TARGET SECONDS"}
    shift 2
    build --product "$target"
    run "$target" "$seconds" "$@"
    ;;
esac

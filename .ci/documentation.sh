#!/usr/bin/env bash
# Builds the DocC documentation of every library and fails on any warning of DocC's (a broken
# symbol link, a parameter documented under a wrong name, a missing article): what
# `swift package generate-documentation --target X --warnings-as-errors` checks, run on the
# modules the examples' debug build compiled (.ci/built-modules.sh) rather than on a build of
# the library's package of its own. As the plugin does, each library's symbol graph holds its
# public declarations, synthesized ones included, and its extensions of other modules' types.
#
#   .ci/documentation.sh [OUTPUT]    the archives go to OUTPUT/<Library>.doccarchive
#                                    (default .build/documentation)
set -euo pipefail
cd "$(dirname "$0")/.."

libraries=(Apogee ApogeeAPI ApogeeStore ApogeeSQLite ApogeePostgres ApogeeTesting ApogeeObservability
    ApogeeAsyncHTTPClient ApogeeNIOWebSocket)
output=${1:-.build/documentation}
mkdir -p "$output"

source .ci/built-modules.sh
symbols=$(mktemp -d)
trap 'rm -rf "$symbols"' EXIT
for library in "${libraries[@]}"; do
    catalog=Sources/$library/$library.docc
    if ! [ -d "$catalog" ]; then
        echo "$library has no documentation catalog at $catalog." >&2
        exit 1
    fi
    mkdir -p "$symbols/$library"
    swift-symbolgraph-extract -module-name "$library" -minimum-access-level public \
        -emit-extension-block-symbols -output-dir "$symbols/$library" "${module_flags[@]}"
    docc convert "$catalog" --fallback-display-name "$library" --fallback-bundle-identifier "$library" \
        --additional-symbol-graph-dir "$symbols/$library" --output-path "$output/$library.doccarchive" \
        --warnings-as-errors
    echo "$library: $output/$library.doccarchive"
done

#!/usr/bin/env bash
# Fails when the public API of Apogee's libraries breaks against the commit in .ci/api-baseline,
# unless .ci/api-breakage-allowlist lists the break as intended. swift-api-digester compares each
# library's module, as the examples' debug build compiled it (.ci/built-modules.sh), with the
# baseline's dump of it, committed in .ci/api-baseline-dumps/<commit>/: the check builds nothing
# that `swift test` has not built, and never checks out or builds the baseline. It is the
# comparison SwiftPM's `diagnose-api-breaking-changes` makes, run on modules already built
# rather than on a build of the library's package of its own, with all its traits (7 minutes).
#
#   .ci/api-breakage.sh                 the check
#   .ci/api-breakage.sh --regenerate    the dumps of the commit in .ci/api-baseline, after moving it
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=$(grep -Ev '^[[:space:]]*(#|$)' .ci/api-baseline)
if ! [[ "$baseline" =~ ^[0-9a-f]{40}$ ]]; then
    echo ".ci/api-baseline must hold one full commit hash besides its comments; it holds: $baseline" >&2
    exit 1
fi
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "The API baseline $baseline is not in this clone's history: it must be a commit on main." >&2
    exit 1
fi
dumps=$PWD/.ci/api-baseline-dumps
# The allowlist without its comments: swift-api-digester allows nothing from a file that has
# them (seen with Swift 6.3.1), so it gets the message lines alone.
allowlist=$(mktemp)
trap 'rm -f "$allowlist"' EXIT
grep -Ev '^[[:space:]]*(#|$)' .ci/api-breakage-allowlist >"$allowlist" || true

if [ "${1:-}" = "--regenerate" ]; then
    # Every module of a library product, as SwiftPM finds them. SwiftPM builds the baseline in a
    # clone at <scratch>/<triple>/apidiff/<commit>-checkout, where the package's `../shared`
    # (the fixtures that tests' apogee.json files name) would be missing and fail the build's
    # plan: it gets a link to the real one.
    apidiff=$(dirname "$(swift build --show-bin-path)")/apidiff
    mkdir -p "$apidiff"
    if [ -d ../shared ]; then ln -sfn "$(cd ../shared && pwd)" "$apidiff/shared"; fi
    rm -rf "$dumps"
    status=0
    swift package --enable-all-traits diagnose-api-breaking-changes "$baseline" \
        --baseline-dir "$dumps" --regenerate-baseline \
        --breakage-allowlist-path "$allowlist" || status=$?
    # The baseline's clone and its build: 2 GB that nothing reads again.
    rm -rf "$apidiff/$baseline-checkout"
    exit "$status"
fi

# Only the modules that have a dump: a library added since the baseline has no API there to
# break, and is checked from the next baseline on.
modules=()
for dump in "$dumps/$baseline"/*.json; do
    [ -e "$dump" ] || break
    modules+=("$(basename "$dump" .json)")
done
if [ "${#modules[@]}" -eq 0 ]; then
    echo "No API dumps for the baseline $baseline in .ci/api-baseline-dumps/$baseline/:" \
        "run .ci/api-breakage.sh --regenerate and commit what it writes." >&2
    exit 1
fi
source .ci/built-modules.sh
echo "Comparing the public API of ${modules[*]} with $baseline"
status=0
for module in "${modules[@]}"; do
    # Each break is an error at the declaration as it is now, its message the allowlist's
    # words; without one the tool prints nothing and exits 0, and a module it cannot load fails.
    swift-api-digester -diagnose-sdk -compiler-style-diags -abort-on-module-fail -module "$module" \
        -baseline-path "$dumps/$baseline/$module.json" -breakage-allowlist-path "$allowlist" \
        "${module_flags[@]}" 2>&1 |
        sed -E 's/error: (API breakage: .*) \[#api-digester-breaking-change\]$/💔 \1/' || status=$?
done
if [ "$status" -ne 0 ]; then
    echo "The public API breaks against $baseline (.ci/api-baseline). If that is intended, add each" \
        "line's text after 💔 above to .ci/api-breakage-allowlist and describe it in CHANGELOG.md under Changed or Removed;" \
        "otherwise restore the API." >&2
    exit "$status"
fi
echo "No breaks in ${#modules[@]} modules."

# Sourced by the API check and the documentation stage: where the library's compiled modules
# are, and the flags a tool that loads them (swift-api-digester, swift-symbolgraph-extract)
# needs. The modules are the examples' package's debug build, which `swift test` makes: it builds
# every library with every trait on (the examples' manifest turns on PostgreSQL, the one trait),
# so these stages read what the tests compiled instead of building the library's package again.
#
# After sourcing: `modules_dir` is the folder of the .swiftmodule files; `module_flags` holds a
# target triple, that folder as a search path, and the module map of every C module a library
# imports through its dependencies (SwiftNIO's, sqlite-nio's, swift-system's, …).

examples_bin=$(swift build --package-path Examples --show-bin-path)
# A no-op after `swift test`; a build of what is missing otherwise.
swift build --package-path Examples --build-tests >&2
modules_dir=$examples_bin/Modules
module_flags=(
    -target "$(swift -print-target-info | sed -nE 's/^ *"triple": "([^"]+)",?$/\1/p' | sed -n 1p)"
    -I "$modules_dir"
)
# SwiftPM writes a module map for a C target that has none, beside its objects; a target with
# its own keeps it in its include folder.
for map in "$examples_bin"/*.build/module.modulemap Examples/.build/checkouts/*/Sources/*/include/module.modulemap; do
    [ -e "$map" ] || continue
    module_flags+=(-Xcc "-fmodule-map-file=$(cd "$(dirname "$map")" && pwd)/module.modulemap")
done

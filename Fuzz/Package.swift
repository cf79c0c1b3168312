// swift-tools-version: 6.1
// Fuzz targets live in their own package, as the benchmarks do, so that `swift test` never
// builds them. Each is a libFuzzer target: build and run one with `./run.sh TARGET SECONDS`,
// which builds with the address sanitizer, libFuzzer's coverage instrumentation and testable
// imports (the message parsers are internal to Apogee). README.md says how to reproduce and
// minimise a crash.
import PackageDescription

/// A product of the Apogee package.
func apogee(_ product: String) -> Target.Dependency {
    .product(name: product, package: "Apogee")
}

/// A libFuzzer target in `Targets/<name>`: an executable whose `main` hands libFuzzer the
/// target's test function (`runFuzzer` in FuzzSupport).
///
/// libFuzzer is linked here, into the targets alone, not with `--sanitize=fuzzer` for the whole
/// build: that would link libFuzzer's own `main` into the code generator too, which the plugin
/// builds as a tool of this package, and it has a `main` of its own. The whole build gets the
/// coverage instrumentation libFuzzer needs from `run.sh` instead.
func fuzzTarget(_ name: String, dependencies: [Target.Dependency], exclude: [String] = [], plugins: [Target.PluginUsage] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + dependencies,
        path: "Targets/\(name)",
        exclude: exclude,
        // lld: gold stops with an internal error on these instrumented objects.
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])],
        plugins: plugins
    )
}

let package = Package(
    name: "ApogeeFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Apogee", path: ".."),
    ],
    targets: [
        fuzzTarget("FuzzJSON", dependencies: [apogee("ApogeeAPI")]),
        // Generates FuzzLaunches.graphql against the RocketReserver schema, as apogee.json says.
        fuzzTarget(
            "FuzzResponse",
            dependencies: [apogee("Apogee"), apogee("ApogeeStore")],
            exclude: ["apogee.json"],
            plugins: [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        fuzzTarget("FuzzOperations", dependencies: [apogee("ApogeeCodegen")]),
        fuzzTarget("FuzzSchema", dependencies: [apogee("ApogeeCodegen")]),
        fuzzTarget("FuzzIntrospection", dependencies: [apogee("ApogeeCodegen")]),
        fuzzTarget("FuzzMultipart", dependencies: [apogee("Apogee"), "ExampleServerMultipart"]),
        fuzzTarget("FuzzWebSocketMessage", dependencies: [apogee("Apogee")]),
        fuzzTarget("FuzzServerSentEvents", dependencies: [apogee("Apogee")]),
        fuzzTarget("FuzzIncremental", dependencies: [apogee("Apogee"), apogee("ApogeeAPI")]),
        fuzzTarget("FuzzSQLiteFile", dependencies: [apogee("ApogeeSQLite"), apogee("ApogeeStore"), apogee("ApogeeAPI")]),

        // What every target shares: reading choices out of the input, and failing loudly.
        .target(name: "FuzzSupport", path: "Support/FuzzSupport"),
        // The example server's multipart parser, compiled from its own sources through links
        // (the server is no library of Apogee's, and the rest of it needs Hummingbird).
        .target(name: "ExampleServerMultipart", path: "Support/ExampleServerMultipart"),
    ]
)

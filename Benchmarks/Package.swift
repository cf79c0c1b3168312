// swift-tools-version: 6.1
// Benchmarks live in their own package so that `swift test` never builds them.
// Run with `swift package benchmark` from this folder (release builds).
import PackageDescription

let benchmarkPlugin: [Target.PluginUsage] = [.plugin(name: "BenchmarkPlugin", package: "benchmark")]

let package = Package(
    name: "ApogeeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Apogee", path: ".."),
        // A raw WebSocket client, the baseline of the subscription benchmark.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // The raw AsyncHTTPClient POST that the client on AsyncHTTPClient is measured against.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "CodegenBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ApogeeCodegen", package: "Apogee"),
            ],
            path: "Benchmarks/CodegenBenchmarks",
            plugins: benchmarkPlugin
        ),
        .executableTarget(
            name: "ClientBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Apogee", package: "Apogee"),
                .product(name: "ApogeeTesting", package: "Apogee"),
                .product(name: "ApogeeExampleServer", package: "Apogee"),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/ClientBenchmarks",
            // apogee.json generates RocketReserverAPI's Login.graphql (and LaunchSite.graphql,
            // here) against the example schema.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "StoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ApogeeStore", package: "Apogee"),
                "LaunchOperations",
            ],
            path: "Benchmarks/StoreBenchmarks",
            // apogee.json points the code generator at the shared GitHub schema and operation,
            // which gives the benchmark the typed Data of the GitHub fixture.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "OptimisticBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ApogeeStore", package: "Apogee"),
            ],
            path: "Benchmarks/OptimisticBenchmarks",
            // apogee.json points the code generator at the benchmark's own small to-do schema.
            exclude: ["apogee.json", "schema.graphqls"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "UploadBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "Apogee", package: "Apogee"),
                .product(name: "ApogeeExampleServer", package: "Apogee"),
            ],
            path: "Benchmarks/UploadBenchmarks",
            // apogee.json points the code generator at the example server's uploads schema.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "SQLiteBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ApogeeSQLite", package: "Apogee"),
            ],
            path: "Benchmarks/SQLiteBenchmarks",
            // apogee.json points the code generator at the example server's RocketReserver schema.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        // Launch operations of StoreBenchmarks, generated against the RocketReserver schema in a
        // target of their own: StoreBenchmarks' apogee.json names the GitHub schema.
        .target(
            name: "LaunchOperations",
            dependencies: [.product(name: "ApogeeAPI", package: "Apogee")],
            path: "Fixtures/LaunchOperations",
            exclude: ["apogee.json"],
            plugins: [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "QueueBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Apogee", package: "Apogee"),
                .product(name: "ApogeeSQLite", package: "Apogee"),
                .product(name: "ApogeeExampleServer", package: "Apogee"),
            ],
            path: "Benchmarks/QueueBenchmarks",
            // apogee.json points the code generator at the Todo schema for AddTodo.graphql.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        .executableTarget(
            name: "SubscriptionBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Apogee", package: "Apogee"),
                .product(name: "ApogeeExampleServer", package: "Apogee"),
                .product(name: "WSClient", package: "swift-websocket"),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/SubscriptionBenchmarks",
            // apogee.json points the code generator at the example server's live schema.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        // What several benchmark targets measure alike: resident memory.
        .target(name: "BenchmarkSupport", path: "Fixtures/BenchmarkSupport"),
    ]
)

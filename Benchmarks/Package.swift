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
        // What the example server's sources need: Apogee lists the server as no product.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti", from: "3.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
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
                "ExampleServer",
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
                "ExampleServer",
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
                "ExampleServer",
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
                "ExampleServer",
                .product(name: "WSClient", package: "swift-websocket"),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/SubscriptionBenchmarks",
            // apogee.json points the code generator at the example server's live schema.
            exclude: ["apogee.json"],
            plugins: benchmarkPlugin + [.plugin(name: "ApogeeCodegenPlugin", package: "Apogee")]
        ),
        // The example server, compiled from Apogee's own sources (module ApogeeExampleServer there) through the link
        // Fixtures/ExampleServer: it is infrastructure there, so Apogee offers it as no library.
        .target(
            name: "ExampleServer",
            dependencies: [
                .product(name: "ApogeeAPI", package: "Apogee"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Fixtures/ExampleServer"
        ),
        // What several benchmark targets measure alike: resident memory.
        .target(name: "BenchmarkSupport", path: "Fixtures/BenchmarkSupport"),
    ]
)

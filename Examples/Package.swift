// swift-tools-version: 6.2
// The examples' package: the example server, the example apps, and the test suite, which runs
// against them. It stands beside the library's package (`..`), so a package that depends on
// Apogee never resolves what only these need (Graphiti, Hummingbird, the certificates of the
// HTTPS tests). From the repository's root:
//
//     swift run --package-path Examples rocket-reserver
//     swift test --package-path Examples
import PackageDescription

/// A library product of the Apogee package.
func apogee(_ product: String) -> Target.Dependency {
    .product(name: product, package: "Apogee")
}

/// Apogee's code generation, for the targets whose operations it generates.
let codegen: Target.PluginUsage = .plugin(name: "ApogeeCodegenPlugin", package: "Apogee")

let package = Package(
    name: "ApogeeExamples",
    // The library supports macOS 14 and iOS 17; its tests also cover what needs later systems
    // (settings read through swift-configuration).
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .executable(name: "rocket-reserver", targets: ["RocketReserver"]),
        .executable(name: "todo", targets: ["Todo"]),
        // Apogee inside a server: an HTTP service whose clients add to-dos to an upstream API.
        .executable(name: "todo-service", targets: ["TodoService"]),
        // The example server alone (`--port`), for trying the examples against a server that stays up.
        .executable(name: "example-server", targets: ["ExampleServerCLI"]),
        // The benchmarks run the client against the same server.
        .library(name: "ApogeeExampleServer", targets: ["ApogeeExampleServer"]),
    ],
    dependencies: [
        .package(name: "Apogee", path: "..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti", from: "3.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // A raw WebSocket client in the server's tests.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // The AsyncHTTPClient transport's tests make an HTTPClient as an app would.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Self-signed certificates made in the HTTPS tests; the server's token HMAC and hashes.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.0.0", traits: []),
        // In-memory metrics and traces that the observability tests read.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
    ],
    targets: [
        // MARK: Example server
        .target(
            name: "ApogeeExampleServer",
            dependencies: [
                apogee("ApogeeAPI"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                // HTTPS with HTTP/2, for the tests of the client's TLS and HTTP/2.
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // Session tokens' HMAC, persisted-query and upload hashes.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "ExampleServerCLI",
            dependencies: [
                "ApogeeExampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: Examples
        .target(
            name: "RocketReserverAPI",
            dependencies: [apogee("ApogeeAPI")],
            path: "RocketReserverAPI",
            plugins: [codegen]
        ),
        .executableTarget(
            name: "RocketReserver",
            dependencies: [
                apogee("Apogee"),
                apogee("ApogeeSQLite"),
                // SwiftNIO's HTTP and WebSocket on Linux; Apple platforms keep URLSession's.
                .product(name: "ApogeeAsyncHTTPClient", package: "Apogee", condition: .when(platforms: [.linux])),
                .product(name: "ApogeeNIOWebSocket", package: "Apogee", condition: .when(platforms: [.linux])),
                "RocketReserverAPI",
                "ApogeeExampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "RocketReserver"
        ),
        .target(
            name: "TodoAPI",
            dependencies: [apogee("ApogeeAPI")],
            path: "TodoAPI",
            plugins: [codegen]
        ),
        .executableTarget(
            name: "Todo",
            dependencies: [
                apogee("Apogee"),
                "TodoAPI",
                "ApogeeExampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Todo"
        ),

        // Apogee inside a Hummingbird service: the shared HTTPClient, the queue on SQLite, metrics
        // and traces on, and everything in one ServiceGroup.
        .executableTarget(
            name: "TodoService",
            dependencies: [
                apogee("Apogee"), apogee("ApogeeAsyncHTTPClient"), apogee("ApogeeSQLite"), apogee("ApogeeObservability"), "TodoAPI", "ApogeeExampleServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "TodoService"
        ),

        // MARK: Tests
        .testTarget(name: "ApogeeAPITests", dependencies: [apogee("ApogeeAPI"), "TestSupport"]),
        // Operations the store's tests need beyond the examples', generated from a schema of their own.
        .target(
            name: "StoreFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/StoreFixtures",
            plugins: [codegen]
        ),
        // A small schema with cache policy declared in a schema extension (@typePolicy keys).
        .target(
            name: "CachePolicyFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CachePolicyFixtures",
            plugins: [codegen]
        ),
        .testTarget(
            name: "ApogeeStoreTests",
            dependencies: [apogee("ApogeeAPI"), apogee("ApogeeStore"), apogee("ApogeeTesting"), "TodoAPI", "RocketReserverAPI", "StoreFixtures", "CachePolicyFixtures", "TestSupport"]
        ),
        .testTarget(
            name: "ApogeeCodegenTests",
            dependencies: [
                apogee("ApogeeCodegen"), apogee("ApogeeAPI"), "ApogeeExampleServer", "TestSupport", .product(name: "GraphQL", package: "GraphQL"),
                // The command, built beside the tests, which run it as a user does.
                apogee("apogee"),
            ],
            exclude: ["Golden"]
        ),
        // Code generated by the plugin at build time, compiled and exercised by GeneratedCodeTests.
        .target(
            name: "CodegenFixtureTodo",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CodegenFixtures/Todo",
            plugins: [codegen]
        ),
        .target(
            name: "CodegenFixtureReviews",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CodegenFixtures/Reviews",
            plugins: [codegen]
        ),
        .target(
            name: "CodegenFixtureValidEdges",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CodegenFixtures/ValidEdges",
            plugins: [codegen]
        ),
        // Generated code in a module whose declarations are on the main actor unless they say
        // otherwise, as in a new Xcode app target (SE-0466); MainActorGeneratedCodeTests uses it.
        .target(
            name: "CodegenFixtureMainActor",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CodegenFixtures/MainActor",
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [codegen]
        ),
        // The shapes of Apollo iOS's AnimalKingdom corpus in a schema of our own: nested type
        // cases on interfaces and unions, conditional inclusion, fragments on interfaces.
        .target(
            name: "CodegenFixtureGarden",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/CodegenFixtures/Garden",
            plugins: [codegen]
        ),
        // GitHub's schema and the fixture's operation: the largest real schema the tests generate against.
        .target(
            name: "GitHubFixture",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/GitHubFixture",
            plugins: [codegen]
        ),
        // Its own tests, and test data builders for GitHubFixture (see its apogee.json).
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: [
                apogee("ApogeeAPI"), apogee("Apogee"), apogee("ApogeeTesting"),
                "CodegenFixtureTodo", "CodegenFixtureReviews", "CodegenFixtureValidEdges", "CodegenFixtureGarden", "RocketReserverAPI", "GitHubFixture",
                "TestSupport",
            ],
            plugins: [codegen]
        ),
        // The main-actor fixture's generated code used from a module with the same default
        // isolation, on the main actor and off it, through a client as an app would.
        .testTarget(
            name: "MainActorGeneratedCodeTests",
            dependencies: [apogee("Apogee"), apogee("ApogeeTesting"), "CodegenFixtureMainActor"],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: [codegen]
        ),
        // Test data builders for CodegenFixtureReviews (see its apogee.json): a union, an
        // interface, custom scalars and fields named after Swift keywords.
        .testTarget(
            name: "TestDataBuilderTests",
            dependencies: [apogee("Apogee"), apogee("ApogeeTesting"), "CodegenFixtureReviews"],
            plugins: [codegen]
        ),
        // Operations of the example server's uploads schema, for the client's upload tests.
        .target(
            name: "UploadFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/UploadFixtures",
            plugins: [codegen]
        ),
        // Operations on the RocketReserver schema that the client's tests choose for what they exercise.
        .target(
            name: "ClientFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/ClientFixtures",
            plugins: [codegen]
        ),
        // The same operations generated under each default for field errors that no @catch
        // handles (apogee.json's fieldErrors), for the client's field error tests.
        .target(
            name: "FieldErrorFixturesThrow",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/FieldErrorFixtures/Throw",
            plugins: [codegen]
        ),
        .target(
            name: "FieldErrorFixturesNull",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/FieldErrorFixtures/Null",
            plugins: [codegen]
        ),
        .target(
            name: "FieldErrorFixturesResult",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/FieldErrorFixtures/Result",
            plugins: [codegen]
        ),
        // What the test targets share: a server per test, a temporary folder, a port held down,
        // in-memory metrics to wait on, a W3C trace-context propagator for in-memory spans, and
        // JSON written with its keys shuffled.
        .target(
            name: "TestSupport",
            dependencies: [
                apogee("ApogeeAPI"), apogee("ApogeeStore"), apogee("Apogee"), apogee("ApogeeNIOWebSocket"), "ApogeeExampleServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // The hostile WebSocket server, on raw SwiftNIO frames.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Tests/TestSupport"
        ),
        // RocketReserver operations with a cache redirect declared on Query.launch (@fieldPolicy).
        .target(
            name: "RedirectFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/RedirectFixtures",
            plugins: [codegen]
        ),
        // RocketReserver operations that select local fields (local-fields.graphqls), never sent.
        .target(
            name: "LocalFieldFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/LocalFieldFixtures",
            plugins: [codegen]
        ),
        // Operations of the example server's live schema, for subscription tests and benchmarks.
        .target(
            name: "LiveFixtures",
            dependencies: [apogee("ApogeeAPI")],
            path: "Tests/LiveFixtures",
            plugins: [codegen]
        ),
        .testTarget(
            name: "ApogeeTests",
            dependencies: [
                apogee("Apogee"), apogee("ApogeeAsyncHTTPClient"), apogee("ApogeeNIOWebSocket"), apogee("ApogeeAPI"), apogee("ApogeeTesting"), "ApogeeExampleServer", "RocketReserverAPI", "UploadFixtures", "ClientFixtures", "RedirectFixtures", "LocalFieldFixtures", "TodoAPI", "LiveFixtures", "TestSupport",
                "FieldErrorFixturesThrow", "FieldErrorFixturesNull", "FieldErrorFixturesResult",
                // Built beside the tests, which run it.
                "ResponseMemoryChild",
                // The HTTP fields and statuses that interceptors and transports read and write.
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // The settings read through a ConfigReader.
                .product(name: "Configuration", package: "swift-configuration"),
                // The AsyncHTTPClient transport's own tests make an HTTPClient as an app would.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                // The HTTPS tests make a self-signed certificate and trust it.
                .product(name: "X509", package: "swift-certificates", condition: .when(platforms: [.linux])),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux])),
                .product(name: "SwiftASN1", package: "swift-asn1", condition: .when(platforms: [.linux])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
                // The deadline watchdog's tests give it an embedded event loop, whose clock the test moves.
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(platforms: [.linux])),
            ]
        ),
        // A NetworkTransport written as a user would, in another package: public API only, no
        // `@testable` import, and the library's `package` declarations out of reach.
        // The examples' own tests, without a server: test data builders for their APIs (see
        // each one's apogee.json), ApogeeTesting's mock transport and seeded stores.
        .testTarget(
            name: "RocketReserverTests",
            dependencies: [apogee("Apogee"), apogee("ApogeeTesting"), apogee("ApogeeSQLite"), "RocketReserverAPI", "ApogeeExampleServer", "TestSupport"],
            plugins: [codegen]
        ),
        .testTarget(
            name: "TodoTests",
            dependencies: [apogee("Apogee"), apogee("ApogeeTesting"), "TodoAPI", "ApogeeExampleServer", "TestSupport"],
            plugins: [codegen]
        ),
        .testTarget(
            name: "PublicTransportTests",
            dependencies: [
                apogee("Apogee"), "LiveFixtures",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "ApogeeObservabilityTests",
            dependencies: [
                apogee("ApogeeObservability"), apogee("Apogee"), apogee("ApogeeTesting"), "ApogeeExampleServer", "RocketReserverAPI", "ClientFixtures", "LiveFixtures", "TestSupport",
                // In-memory backends: the tests read what was recorded without bootstrapping the global systems.
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "ApogeeSQLiteTests",
            dependencies: [
                apogee("ApogeeSQLite"), apogee("Apogee"), apogee("ApogeeAPI"), apogee("ApogeeStore"), apogee("ApogeeTesting"), "CachePolicyFixtures", "ApogeeExampleServer", "TodoAPI", "RocketReserverAPI", "LocalFieldFixtures", "TestSupport",
                "FieldErrorFixturesThrow", "FieldErrorFixturesResult",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        // A process that queues numbered mutations on a SQLite file, for the crash test to kill.
        .executableTarget(
            name: "QueueCrashChild",
            dependencies: [apogee("Apogee"), apogee("ApogeeSQLite"), "TodoAPI"],
            path: "Tests/QueueCrashChild"
        ),
        // Reads one response and reports its peak memory, for the bound on compressed bodies.
        .executableTarget(
            name: "ResponseMemoryChild",
            dependencies: [apogee("Apogee"), apogee("ApogeeAsyncHTTPClient"), .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Tests/ResponseMemoryChild"
        ),
        // A fleet worker on a PostgreSQL queue, for the fleet crash test to kill.
        .executableTarget(
            name: "FleetWorkerChild",
            dependencies: [apogee("Apogee"), apogee("ApogeePostgres"), "TodoAPI", "TestSupport", .product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/FleetWorkerChild"
        ),
        .testTarget(
            name: "ApogeePostgresTests",
            dependencies: [
                apogee("ApogeePostgres"), apogee("Apogee"), apogee("ApogeeTesting"), "ApogeeExampleServer", "TodoAPI", "RocketReserverAPI", "TestSupport", "FleetWorkerChild",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "DurableQueueTests",
            dependencies: [
                apogee("Apogee"), apogee("ApogeeSQLite"), "ApogeeExampleServer", "TodoAPI", "RocketReserverAPI", apogee("ApogeeTesting"), "QueueCrashChild", "RocketReserver", "TestSupport",
                // The queue as a service of a ServiceGroup that SIGTERM stops.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TodoServiceTests",
            dependencies: [
                "TodoService", apogee("Apogee"), "ApogeeExampleServer", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ApogeeExampleServerTests",
            dependencies: [
                "ApogeeExampleServer",
                apogee("ApogeeAPI"),
                "TestSupport",
                .product(name: "GraphQL", package: "GraphQL"),
                // A raw WebSocket client, and raw TCP for what a WebSocket client hides (the upgrade's headers).
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
    ]
)

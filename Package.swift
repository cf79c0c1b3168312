// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Apogee",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        // What generated code imports: a small runtime vocabulary, no networking.
        .library(name: "ApogeeAPI", targets: ["ApogeeAPI"]),
        // The normalized store: records, normalization, reads, watchers, transactions.
        .library(name: "ApogeeStore", targets: ["ApogeeStore"]),
        // The client: interceptor chain, HTTP transport, cache policies over the store.
        .library(name: "Apogee", targets: ["Apogee"]),
        // Persistence: the SQLite record store and the durable mutation queue storage.
        .library(name: "ApogeeSQLite", targets: ["ApogeeSQLite"]),
        // A mutation outbox on PostgreSQL that a fleet of processes shares.
        .library(name: "ApogeePostgres", targets: ["ApogeePostgres"]),
        // Code generation as a library, for tools that embed it.
        .library(name: "ApogeeCodegen", targets: ["ApogeeCodegen"]),
        // Metrics and distributed tracing for the client's operations, switched on by the user.
        .library(name: "ApogeeObservability", targets: ["ApogeeObservability"]),
        // Test helpers for users of Apogee: a canned transport, sleepers that do not wait, a log recorder.
        .library(name: "ApogeeTesting", targets: ["ApogeeTesting"]),
        .executable(name: "apogee", targets: ["apogee"]),
        // The example server that the examples and tests run against: infrastructure, not a library
        // to add (the benchmarks compile its sources through a link of their own).
        .executable(name: "example-server", targets: ["ExampleServerCLI"]),
        .executable(name: "rocket-reserver", targets: ["RocketReserver"]),
        .executable(name: "todo", targets: ["Todo"]),
        .plugin(name: "ApogeeCodegenPlugin", targets: ["ApogeeCodegenPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti", from: "3.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The decompression limit's error, which AsyncHTTPClient passes on as it is.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // WebSockets: the client's on Linux (Foundation's WebSocket task serves Apple platforms),
        // and the example server's.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // HTTP on Linux: AsyncHTTPClient is the default transport there (URLSession on Apple platforms).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Self-signed certificates made in the HTTPS tests.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.5.0"),
        // ApogeeObservability alone: the metrics and tracing APIs, so the client itself depends on neither.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // `swift package generate-documentation`: the DocC catalogs of the libraries.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Runtime vocabulary and client
        .target(name: "ApogeeAPI"),
        .target(name: "ApogeeStore", dependencies: ["ApogeeAPI"]),
        .target(
            name: "Apogee",
            dependencies: [
                "ApogeeAPI",
                "ApogeeStore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                // graphql-transport-ws on Linux, where FoundationNetworking has no WebSockets:
                // swift-websocket's frame handler over Apogee's own handshake on NIO. Apple
                // platforms use URLSessionWebSocketTask and link no NIO.
                .product(name: "WSCore", package: "swift-websocket", condition: .when(platforms: [.linux])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: .when(platforms: [.linux])),
                // HTTP on Linux, where it is the default transport; Apple platforms keep URLSession.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras", condition: .when(platforms: [.linux])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
            ]
        ),
        // MARK: Persistence
        .target(
            name: "ApogeeSQLite",
            dependencies: [
                "ApogeeAPI",
                "ApogeeStore",
                // Its bundled SQLite too, which the store calls directly (`import VaporCSQLite`,
                // see DatabaseConnection): a statement is then a call, not two thread hops.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // MARK: Observability
        .target(
            name: "ApogeeObservability",
            dependencies: [
                "Apogee",
                "ApogeeAPI",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "ApogeePostgres",
            dependencies: [
                "ApogeeAPI",
                "ApogeeStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ApogeeTesting",
            dependencies: ["Apogee", "ApogeeAPI", "ApogeeStore", .product(name: "Logging", package: "swift-log")]
        ),

        // MARK: Code generation
        .target(
            name: "ApogeeCodegen",
            dependencies: ["ApogeeAPI", .product(name: "GraphQL", package: "GraphQL")]
        ),
        .executableTarget(
            name: "apogee",
            dependencies: [
                "ApogeeCodegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/ApogeeCLI"
        ),
        .plugin(
            name: "ApogeeCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["apogee"]
        ),

        // MARK: Example server
        .target(
            name: "ApogeeExampleServer",
            dependencies: [
                "ApogeeAPI",
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
            dependencies: ["ApogeeAPI"],
            path: "Examples/RocketReserverAPI",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .executableTarget(
            name: "RocketReserver",
            dependencies: [
                "Apogee",
                "ApogeeSQLite",
                "RocketReserverAPI",
                "ApogeeExampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/RocketReserver"
        ),
        .target(
            name: "TodoAPI",
            dependencies: ["ApogeeAPI"],
            path: "Examples/TodoAPI",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .executableTarget(
            name: "Todo",
            dependencies: [
                "Apogee",
                "TodoAPI",
                "ApogeeExampleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/Todo"
        ),

        // MARK: Tests
        .testTarget(name: "ApogeeAPITests", dependencies: ["ApogeeAPI", "TestSupport"]),
        // Operations the store's tests need beyond the examples', generated from a schema of their own.
        .target(
            name: "StoreFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/StoreFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // A small schema with cache policy declared in a schema extension (@typePolicy keys).
        .target(
            name: "CachePolicyFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/CachePolicyFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .testTarget(
            name: "ApogeeStoreTests",
            dependencies: ["ApogeeAPI", "ApogeeStore", "ApogeeTesting", "TodoAPI", "RocketReserverAPI", "StoreFixtures", "CachePolicyFixtures", "TestSupport"]
        ),
        .testTarget(
            name: "ApogeeCodegenTests",
            dependencies: ["ApogeeCodegen", "ApogeeAPI", "ApogeeExampleServer", "TestSupport", .product(name: "GraphQL", package: "GraphQL")],
            exclude: ["Golden"]
        ),
        // Code generated by the plugin at build time, compiled and exercised by GeneratedCodeTests.
        .target(
            name: "CodegenFixtureTodo",
            dependencies: ["ApogeeAPI"],
            path: "Tests/CodegenFixtures/Todo",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .target(
            name: "CodegenFixtureReviews",
            dependencies: ["ApogeeAPI"],
            path: "Tests/CodegenFixtures/Reviews",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .target(
            name: "CodegenFixtureValidEdges",
            dependencies: ["ApogeeAPI"],
            path: "Tests/CodegenFixtures/ValidEdges",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // Generated code in a module whose declarations are on the main actor unless they say
        // otherwise, as in a new Xcode app target (SE-0466); MainActorGeneratedCodeTests uses it.
        .target(
            name: "CodegenFixtureMainActor",
            dependencies: ["ApogeeAPI"],
            path: "Tests/CodegenFixtures/MainActor",
            swiftSettings: [.defaultIsolation(MainActor.self)],
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["ApogeeAPI", "CodegenFixtureTodo", "CodegenFixtureReviews", "CodegenFixtureValidEdges", "RocketReserverAPI", "TestSupport"],
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // The main-actor fixture's generated code used from a module with the same default
        // isolation, on the main actor and off it, through a client as an app would.
        .testTarget(
            name: "MainActorGeneratedCodeTests",
            dependencies: ["Apogee", "CodegenFixtureMainActor"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // Operations of the example server's uploads schema, for the client's upload tests.
        .target(
            name: "UploadFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/UploadFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // Operations on the RocketReserver schema that the client's tests choose for what they exercise.
        .target(
            name: "ClientFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/ClientFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // What the test targets share: a server per test, a temporary folder, a port held down,
        // in-memory metrics to wait on, a W3C trace-context propagator for in-memory spans, and
        // JSON written with its keys shuffled.
        .target(
            name: "TestSupport",
            dependencies: [
                "ApogeeAPI", "ApogeeStore", "ApogeeExampleServer",
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
            dependencies: ["ApogeeAPI"],
            path: "Tests/RedirectFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // RocketReserver operations that select local fields (local-fields.graphqls), never sent.
        .target(
            name: "LocalFieldFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/LocalFieldFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        // Operations of the example server's live schema, for subscription tests and benchmarks.
        .target(
            name: "LiveFixtures",
            dependencies: ["ApogeeAPI"],
            path: "Tests/LiveFixtures",
            plugins: ["ApogeeCodegenPlugin"]
        ),
        .testTarget(
            name: "ApogeeTests",
            dependencies: [
                "Apogee", "ApogeeAPI", "ApogeeTesting", "ApogeeExampleServer", "RocketReserverAPI", "UploadFixtures", "ClientFixtures", "RedirectFixtures", "LocalFieldFixtures", "TodoAPI", "LiveFixtures", "TestSupport",
                // Built beside the tests, which run it.
                "ResponseMemoryChild",
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
        // A NetworkTransport written as a user would, outside the module: public API only, no
        // `@testable` import and no `package` declaration (SwiftPM gives every target of the
        // package one package name, so the compiler does not hold it to that; its imports do).
        .testTarget(
            name: "PublicTransportTests",
            dependencies: [
                "Apogee", "LiveFixtures",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "ApogeeObservabilityTests",
            dependencies: [
                "ApogeeObservability", "Apogee", "ApogeeTesting", "ApogeeExampleServer", "RocketReserverAPI", "ClientFixtures", "LiveFixtures", "TestSupport",
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
                "ApogeeSQLite", "Apogee", "ApogeeAPI", "ApogeeStore", "ApogeeTesting", "CachePolicyFixtures", "ApogeeExampleServer", "TodoAPI", "RocketReserverAPI", "LocalFieldFixtures", "TestSupport",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        // A process that queues numbered mutations on a SQLite file, for the crash test to kill.
        .executableTarget(
            name: "QueueCrashChild",
            dependencies: ["Apogee", "ApogeeSQLite", "TodoAPI"],
            path: "Tests/QueueCrashChild"
        ),
        // Reads one response and reports its peak memory, for the bound on compressed bodies.
        .executableTarget(
            name: "ResponseMemoryChild",
            dependencies: ["Apogee", .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Tests/ResponseMemoryChild"
        ),
        // A fleet worker on a PostgreSQL queue, for the fleet crash test to kill.
        .executableTarget(
            name: "FleetWorkerChild",
            dependencies: ["Apogee", "ApogeePostgres", "TodoAPI", "TestSupport", .product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/FleetWorkerChild"
        ),
        .testTarget(
            name: "ApogeePostgresTests",
            dependencies: [
                "ApogeePostgres", "Apogee", "ApogeeExampleServer", "TodoAPI", "TestSupport", "FleetWorkerChild",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "DurableQueueTests",
            dependencies: ["Apogee", "ApogeeSQLite", "ApogeeExampleServer", "TodoAPI", "ApogeeTesting", "QueueCrashChild", "RocketReserver", "TestSupport"]
        ),
        .testTarget(
            name: "ApogeeExampleServerTests",
            dependencies: [
                "ApogeeExampleServer",
                "ApogeeAPI",
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

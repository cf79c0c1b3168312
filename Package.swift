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
        // The client: interceptor chain, HTTP transport, cache policies over the store. It sends
        // over URLSession on every platform and links no NIO.
        .library(name: "Apogee", targets: ["Apogee"]),
        // HTTP on AsyncHTTPClient (SwiftNIO): what a server or a Linux app names to send with it.
        .library(name: "ApogeeAsyncHTTPClient", targets: ["ApogeeAsyncHTTPClient"]),
        // WebSockets on SwiftNIO (swift-websocket): Linux's, whose FoundationNetworking has none.
        .library(name: "ApogeeNIOWebSocket", targets: ["ApogeeNIOWebSocket"]),
        // Persistence: the SQLite record store and the durable mutation queue storage.
        .library(name: "ApogeeSQLite", targets: ["ApogeeSQLite"]),
        // A mutation outbox on PostgreSQL that a fleet of processes shares; it needs the
        // `PostgreSQL` trait, without which the module is empty and postgres-nio is not resolved.
        .library(name: "ApogeePostgres", targets: ["ApogeePostgres"]),
        // Code generation as a library, for tools that embed it.
        .library(name: "ApogeeCodegen", targets: ["ApogeeCodegen"]),
        // Metrics and distributed tracing for the client's operations, switched on by the user.
        .library(name: "ApogeeObservability", targets: ["ApogeeObservability"]),
        // Test helpers for users of Apogee: a canned transport, sleepers that do not wait, a log recorder.
        .library(name: "ApogeeTesting", targets: ["ApogeeTesting"]),
        .executable(name: "apogee", targets: ["apogee"]),
        .plugin(name: "ApogeeCodegenPlugin", targets: ["ApogeeCodegenPlugin"]),
    ],
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "The ApogeePostgres outbox, on postgres-nio, which SwiftPM resolves only with this trait on."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Settings read from the environment or a file (`init(configReader:)`). AsyncHTTPClient
        // brings the package already; no trait of it is needed, so none pulls in more.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.0.0", traits: []),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The decompression limit's error, which AsyncHTTPClient passes on as it is.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // ApogeeNIOWebSocket: WebSockets where Foundation has none (Linux).
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // ApogeeAsyncHTTPClient: HTTP on SwiftNIO, for servers and Linux apps.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
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
                // The queue, the client and the WebSocket transport are services of a server's
                // ServiceGroup.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        // MARK: Transports on SwiftNIO, each a product of its own
        .target(
            name: "ApogeeAsyncHTTPClient",
            dependencies: [
                "Apogee",
                "ApogeeAPI",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "ApogeeNIOWebSocket",
            dependencies: [
                "Apogee",
                "ApogeeAPI",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                // swift-websocket's frame handler over Apogee's own handshake on NIO.
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
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
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ApogeeTesting",
            dependencies: ["Apogee", "ApogeeAPI", "ApogeeStore", .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types")]
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

    ]
)

import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL server of the tests that need one: `APOGEE_POSTGRES_URL`, which
/// `.ci/postgres.sh` starts and CI always sets. Without it those tests do not run, and say so.
public enum TestPostgres {
    /// The server's URL, `postgres://user[:password]@host:port/database`, if one is configured.
    public static let url: URL? = ProcessInfo.processInfo.environment["APOGEE_POSTGRES_URL"].flatMap(URL.init(string:))

    /// Whether a server is configured: the condition of every suite that needs one. When it is
    /// set, a server that cannot be reached fails those tests rather than skipping them.
    public static var isConfigured: Bool { url != nil }

    /// Why the PostgreSQL tests did not run, as the test report shows it.
    public static let notConfigured: Comment = "did not run: no PostgreSQL server. Start one with `eval \"export $(.ci/postgres.sh)\"`, then run swift test again (README, Testing)."

    /// The configuration of a connection to `database` on the test server.
    public static func configuration(database: String) throws -> PostgresClient.Configuration {
        guard let url, let host = url.host else {
            throw TestPostgresError(message: "APOGEE_POSTGRES_URL is not set or names no host")
        }
        return PostgresClient.Configuration(
            host: host,
            port: url.port ?? 5432,
            username: url.user ?? "postgres",
            password: url.password,
            database: database,
            tls: .disable
        )
    }

    /// Runs `body` with a running client over a database of its own, made for it and dropped
    /// after it, so that tests running at once share no tables.
    public static func withDatabase<Result: Sendable>(
        _ body: @Sendable (PostgresClient, _ database: String) async throws -> Result
    ) async throws -> Result {
        let name = "apogee_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = PostgresClient(configuration: try configuration(database: url?.pathComponents.last ?? "postgres"), backgroundLogger: logger)
        return try await withRunning(admin) { admin in
            try await admin.query("CREATE DATABASE \(unescaped: name)", logger: logger)
            let client = PostgresClient(configuration: try configuration(database: name), backgroundLogger: logger)
            let result: Result
            do {
                result = try await withRunning(client) { try await body($0, name) }
            } catch {
                _ = try? await admin.query("DROP DATABASE \(unescaped: name) WITH (FORCE)", logger: logger)
                throw error
            }
            try await admin.query("DROP DATABASE \(unescaped: name) WITH (FORCE)", logger: logger)
            return result
        }
    }

    /// Runs `body` while `client` runs, and stops it after.
    public static func withRunning<Result: Sendable>(
        _ client: PostgresClient,
        _ body: @Sendable (PostgresClient) async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    /// Errors only: the pool warns when it is asked for a connection a moment before its
    /// `run()` task has started, which it then serves, and logs connections it closes at the end.
    public static let logger: Logger = {
        var logger = Logger(label: "apogee.tests.postgres")
        logger.logLevel = .error
        return logger
    }()
}

/// The test server is not configured as a test needs.
public struct TestPostgresError: Error, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    public var description: String { message }
}

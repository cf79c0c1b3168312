import Apogee
import ApogeeExampleServer
import ClientFixtures
import Configuration
import Foundation
import TestSupport
import Testing

/// The client's and the queue's settings read through swift-configuration, as a server reads
/// them from its environment or a file.
@Suite("Configuration from a ConfigReader")
struct ConfigReaderTests {
    /// A reader over environment variables given here, scoped as an app scopes it.
    static func environment(_ variables: [String: String], scope: String) -> ConfigReader {
        ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: variables)).scoped(to: ConfigKey(scope))
    }

    @Test("Every client setting read from the environment, and the header fields it names reach the server")
    func clientFromTheEnvironment() async throws {
        let reader = Self.environment(
            [
                "APOGEE_TIMEOUT": "30",
                "APOGEE_REQUEST_DEADLINE": "0",
                "APOGEE_HEADERS": "x-client-name: billing, x-client-version:2",
                "APOGEE_USE_GET_FOR_QUERIES": "true",
                "APOGEE_MAXIMUM_CHAIN_RESTARTS": "5",
                "APOGEE_USES_SERVER_CACHE_CONTROL": "true",
            ],
            scope: "apogee"
        )
        let configuration = try ApogeeClient.Configuration(configReader: reader)
        #expect(configuration.timeout == .seconds(30))
        #expect(configuration.requestDeadline == nil)
        #expect(configuration.useGETForQueries)
        #expect(configuration.maximumChainRestarts == 5)
        #expect(configuration.usesServerCacheControl)

        try await ExampleServer.withServer { server in
            let client = ApogeeClient(url: server.rocketReserverURL, configuration: configuration)
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            let request = try #require(server.recordedRequests(operationName: "LaunchSite").last)
            func header(_ name: String) -> String? { request.headers.first { $0.key.lowercased() == name }?.value }
            #expect(header("x-client-name") == "billing")
            #expect(header("x-client-version") == "2")
            #expect(request.method == "GET")
        }
    }

    @Test("Keys that are not there keep the initializer's defaults")
    func missingKeysKeepTheDefaults() throws {
        let read = try ApogeeClient.Configuration(configReader: Self.environment(["OTHER_TIMEOUT": "1"], scope: "apogee"))
        let defaults = ApogeeClient.Configuration()
        #expect(read.timeout == defaults.timeout)
        #expect(read.requestDeadline == defaults.requestDeadline)
        #expect(read.headers == defaults.headers)
        #expect(read.useGETForQueries == defaults.useGETForQueries)
        #expect(read.maximumChainRestarts == defaults.maximumChainRestarts)
    }

    @Test(
        "A value that cannot be used is an error naming its key, not the default in its place",
        arguments: [
            ("APOGEE_TIMEOUT", "soon", "timeout"),
            ("APOGEE_TIMEOUT", "-1", "timeout"),
            ("APOGEE_MAXIMUM_CHAIN_RESTARTS", "many", "maximumChainRestarts"),
            ("APOGEE_USE_GET_FOR_QUERIES", "sometimes", "useGetForQueries"),
        ]
    )
    func unusableValues(variable: String, value: String, key: String) throws {
        let error = #expect(throws: ConfigurationValueError.self) {
            try ApogeeClient.Configuration(configReader: Self.environment([variable: value], scope: "apogee"))
        }
        #expect(error?.key == key)
        #expect(error?.description.contains(key) == true)
    }

    @Test("A header field without a colon is an error that does not repeat the field, which may hold a credential")
    func malformedHeaderHidesItsValue() throws {
        let error = #expect(throws: ConfigurationValueError.self) {
            try ApogeeClient.Configuration(configReader: Self.environment(["APOGEE_HEADERS": "Bearer secret-token"], scope: "apogee"))
        }
        #expect(error?.key == "headers")
        #expect(error?.value == nil)
        #expect(error?.description.contains("secret-token") == false)
    }

    @Test("A fleet worker's queue settings from a file's typed values, and a lease or a batch of 0 refused")
    func queueFromTypedValues() throws {
        let reader = ConfigReader(provider: InMemoryProvider(values: [
            "outbox.workerName": "billing-7",
            "outbox.lease": 10,
            "outbox.pollInterval": 0.25,
            "outbox.concurrentDeliveries": 2,
            "outbox.claimBatchSize": 32,
            "outbox.retry.initialDelay": 1,
            "outbox.retry.maximumDelay": 60,
            "outbox.retry.multiplier": 3,
            "outbox.retry.jitter": 0.1,
        ])).scoped(to: "outbox")
        let configuration = try MutationQueue.Configuration(configReader: reader)
        #expect(configuration.workerName == "billing-7")
        #expect(configuration.lease == .seconds(10))
        #expect(configuration.pollInterval == .milliseconds(250))
        #expect(configuration.concurrentDeliveries == 2)
        #expect(configuration.claimBatchSize == 32)
        #expect(configuration.retryPolicy.initialDelay == .seconds(1))
        #expect(configuration.retryPolicy.maximumDelay == .seconds(60))
        #expect(configuration.retryPolicy.multiplier == 3)
        #expect(configuration.retryPolicy.jitter == 0.1)

        let zeroLease = ConfigReader(provider: InMemoryProvider(values: ["lease": 0]))
        let error = #expect(throws: ConfigurationValueError.self) {
            try MutationQueue.Configuration(configReader: zeroLease)
        }
        #expect(error?.key == "lease")
        let noBatch = ConfigReader(provider: InMemoryProvider(values: ["claimBatchSize": 0]))
        let batchError = #expect(throws: ConfigurationValueError.self) {
            try MutationQueue.Configuration(configReader: noBatch)
        }
        #expect(batchError?.key == "claimBatchSize")
        #expect(batchError?.expected == "a whole number, 1 or more")
        let jitter = ConfigReader(provider: InMemoryProvider(values: ["retry.jitter": 2]))
        #expect(throws: ConfigurationValueError.self) { try MutationQueue.Configuration(configReader: jitter) }
    }
}

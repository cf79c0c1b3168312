import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// `rocket-reserver --store PATH`: a booking made while the server is down is kept in the
/// file and sent by the next command that reaches the server.
@Suite("rocket-reserver --store", .timeLimit(.minutes(10)))
struct RocketReserverStoreTests {
    @Test("book while the server is down, then any command once it is back delivers the booking")
    func bookingWaitsForTheServer() async throws {
        let directory = try TemporaryFolder()
        let database = directory.url.appendingPathComponent("trips.sqlite").path
        let executable = try ChildProcess.executable(named: "rocket-reserver")
        // The token file goes under the test's directory, not the user's.
        let environment = ["XDG_CONFIG_HOME": directory.url.path]
        let configuration = ExampleServer.Configuration(sessionSecret: "rocket-reserver store test")

        // With the server up, a command waits as long as delivery takes, however slow the machine
        // (a sanitized build); with it down, the default wait of a few seconds ends the command.
        func run(_ arguments: [String], endpoint: URL, serverIsUp: Bool = true) async throws -> String {
            let wait = serverIsUp ? ["--delivery-wait", "600"] : []
            let process = try ChildProcess(executable: executable, arguments: arguments + ["--endpoint", endpoint.absoluteString, "--store", database] + wait, environment: environment)
            // A hang guard only: a sanitized build on a loaded machine takes its time.
            let status = try await process.waitForExit(limit: .seconds(600))
            let output = process.standardOutput
            #expect(status == 0, "rocket-reserver \(arguments.joined(separator: " ")) failed: \(output) \(process.standardError)")
            return output
        }

        let (port, endpoint) = try await ExampleServer.withServer(configuration: configuration) { server in
            _ = try await run(["login", "--email", "offline@example.com"], endpoint: server.rocketReserverURL)
            return (server.port, server.rocketReserverURL)
        }
        // The server is down, and its port stays free for its return.
        let down = try ReservedPort(port: port)

        let queued = try await run(["book", "25"], endpoint: endpoint, serverIsUp: false)
        #expect(queued.contains("queued"), "\(queued)")

        var serverConfiguration = configuration
        serverConfiguration.port = down.release()
        try await ExampleServer.withServer(configuration: serverConfiguration) { server in
            let delivered = try await run(["launches", "--page-size", "1"], endpoint: server.rocketReserverURL)
            #expect(delivered.contains("BookTrip 25: Trips booked successfully"), "\(delivered)")
            #expect(server.requestCount(operationName: "BookTrip") == 1)
            #expect(server.appliedIdempotencyKeys.count == 1)

            let launch = try await run(["launch", "25"], endpoint: server.rocketReserverURL)
            #expect(launch.contains("isBooked: true"), "\(launch)")
            #expect(!launch.contains("Sending"), "nothing should be left to send: \(launch)")
        }
    }
}

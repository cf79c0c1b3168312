import ApogeeExampleServer
import ArgumentParser
import Foundation
import Logging

/// `example-server`: runs Apogee's example GraphQL server until interrupted.
@main
struct ExampleServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example-server",
        abstract: "Serve the RocketReserver, Todo and live example schemas over GraphQL over HTTP, Server-Sent Events and graphql-transport-ws WebSockets."
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 4000

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("mutation-delay-ms"), help: "Milliseconds to wait before running each mutation.")
    var mutationDelayMilliseconds: Int = 0

    @Flag(help: "Make every Todo mutation fail with a GraphQL error.")
    var rejectTodoMutations = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(help: ArgumentHelp(
        "The secret that signs login tokens.",
        discussion: "Logins stay valid when the server is started again with the same secret, as a real server's sessions would. An example, not a way to keep secrets."
    ))
    var sessionSecret: String = "apogee-example-server"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard mutationDelayMilliseconds >= 0 else { throw ValidationError("--mutation-delay-ms must not be negative.") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("Unknown --log-level \(logLevel).") }
    }

    func run() async throws {
        let server = try await ExampleServer.start(
            configuration: .init(
                host: host,
                port: port,
                mutationDelay: .milliseconds(mutationDelayMilliseconds),
                rejectsTodoMutations: rejectTodoMutations,
                logLevel: Logger.Level(rawValue: logLevel) ?? .info,
                sessionSecret: sessionSecret
            )
        )
        say("RocketReserver: \(server.rocketReserverURL.absoluteString)")
        say("Todo:           \(server.todoURL.absoluteString)")
        say("Live:           \(server.liveURL.absoluteString)")
        say("Press Ctrl-C to stop.")
        await InterruptSignal.wait()
        say("Stopping.")
        await server.shutdown()
    }
}

/// Writes a line to standard output at once, unbuffered even into a pipe or file, so a script
/// waiting for the URLs sees them.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

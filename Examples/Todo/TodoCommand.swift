import ApogeeExampleServer
import ArgumentParser
import Foundation

/// The `todo` example: the Relay-style mutations guide's story, told against the Todo example
/// server, with the order of events printed as they happen.
@main
struct TodoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "Tell the mutations guide's story: a toggle shown at once, a refused toggle rolled back, add and remove with list directives, the list streamed and paged.",
        discussion: """
            With no arguments, starts the example server in-process on a free loopback port, with a
            pause before each mutation so that the optimistic state shows before the server answers.
            """
    )

    @Option(help: "Run against this Todo endpoint instead of an embedded example server.")
    var endpoint: String?

    @Option(help: "The embedded server's pause before each mutation, in milliseconds.")
    var delay: Int = 600

    func run() async throws {
        if let endpoint {
            guard let url = URL(string: endpoint) else { throw ValidationError("--endpoint must be a URL") }
            try await TodoStory(endpoint: url).tell()
            return
        }
        guard delay >= 0 else { throw ValidationError("--delay must not be negative") }
        print("Starting the example server on a free loopback port, with a \(delay) ms pause before each mutation…")
        let configuration = ExampleServer.Configuration(mutationDelay: .milliseconds(delay))
        try await ExampleServer.withServer(configuration: configuration) { server in
            print("Serving Todo at \(server.todoURL)")
            try await TodoStory(endpoint: server.todoURL, streamsLists: true).tell()
        }
    }
}

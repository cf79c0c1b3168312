import ApogeeExampleServer
import ArgumentParser
import Foundation
import Logging

/// `todo-service`: the Todo API behind an HTTP service of its own, with Apogee inside.
@main
struct TodoServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-service",
        abstract: "Serve /todos over HTTP, keeping the to-dos in an upstream GraphQL API through Apogee.",
        discussion: """
            With no --upstream, starts the example server in-process on a free loopback port as the
            upstream. Stops gracefully on SIGTERM or SIGINT: a to-do accepted and not yet sent stays
            in the store file and is sent by the next run.
            """
    )

    @Option(help: "The upstream Todo GraphQL endpoint; an embedded example server when absent.")
    var upstream: String?

    @Option(help: "The port to listen on, on 127.0.0.1.")
    var port: Int = 8081

    @Option(help: "The SQLite file of the store and the queue.")
    var store: String = FileManager.default.temporaryDirectory.appendingPathComponent("todo-service.sqlite").path

    func run() async throws {
        let logger = Logger(label: "todo-service")
        if let upstream {
            guard let url = URL(string: upstream) else { throw ValidationError("--upstream must be a URL") }
            try await serve(upstream: url, logger: logger)
            return
        }
        try await ExampleServer.withServer { server in
            print("Upstream: the example server's Todo API at \(server.todoURL)")
            try await serve(upstream: server.todoURL, logger: logger)
        }
    }

    private func serve(upstream: URL, logger: Logger) async throws {
        let service = try TodoService(upstream: upstream, storePath: store, logger: logger)
        let group = service.serviceGroup(port: port) { port in
            print("Serving http://127.0.0.1:\(port)/todos (POST a text to add one); SIGTERM or ^C stops.")
        }
        try await group.run()
        try service.persistence.close()
    }
}

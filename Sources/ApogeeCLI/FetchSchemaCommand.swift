import ApogeeCodegen
import ArgumentParser
import Foundation

/// `apogee fetch-schema`: runs the introspection query against a server and saves SDL.
struct FetchSchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch-schema",
        abstract: "Downloads a server's schema by introspection and writes it as SDL.",
        discussion: "Sends the introspection query as a JSON POST and writes the schema it describes as SDL text."
    )

    @Option(name: .long, help: ArgumentHelp("The GraphQL endpoint, e.g. http://127.0.0.1:8080/graphql.", valueName: "url"))
    var endpoint: String

    @Option(name: .long, help: ArgumentHelp("The SDL file to write (.graphqls).", valueName: "file"))
    var output: String

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "An HTTP header to send, e.g. 'Authorization: Bearer TOKEN'. Repeatable.", valueName: "Name: value"))
    var header: [String] = []

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for the server.", valueName: "seconds"))
    var timeout: Double = 30

    func run() async throws {
        guard let url = URL(string: endpoint), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("'\(endpoint)' is not an http or https URL.")
        }
        var headers: [String: String] = [:]
        for entry in header {
            guard let colon = entry.firstIndex(of: ":") else { throw ValidationError("'\(entry)' is not a header; write 'Name: value'.") }
            headers[entry[..<colon].trimmingCharacters(in: .whitespaces)] = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        do {
            let sdl = try await Introspection.fetchSDL(from: url, headers: headers, timeout: timeout)
            try OutputWriter.writeText(sdl, to: output)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

import ApogeeCodegen
import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for entry in header {
            guard let colon = entry.firstIndex(of: ":") else { throw ValidationError("'\(entry)' is not a header; write 'Name: value'.") }
            let name = entry[..<colon].trimmingCharacters(in: .whitespaces)
            let value = entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            request.setValue(value, forHTTPHeaderField: name)
        }
        let body = try JSONSerialization.data(withJSONObject: ["query": Introspection.query, "operationName": "IntrospectionQuery"])
        request.httpBody = body

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            fail("\(endpoint): error: the request failed: \(error.localizedDescription)")
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail("\(endpoint): error: the server answered HTTP \(http.statusCode)")
        }
        do {
            let sdl = try Introspection.sdl(fromJSON: [UInt8](data), fileName: endpoint)
            try Data(sdl.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch let error as CodegenError {
            fail(error.description)
        } catch {
            fail("\(output): error: cannot write the file: \(error.localizedDescription)")
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(1)
    }
}

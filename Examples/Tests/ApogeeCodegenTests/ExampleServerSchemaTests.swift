@testable import ApogeeCodegen
import ApogeeExampleServer
import Foundation
import Testing

/// `fetch-schema`'s introspection against the running example server, over real HTTP on
/// loopback: the server's schemas have the shapes of the examples' committed ones
/// (Examples/RocketReserverAPI/schema.graphqls, Examples/TodoAPI/schema.graphqls).
@Suite("The example server's schema")
struct ExampleServerSchemaTests {
    /// Type blocks with their lines sorted, so that field order does not matter.
    static func shape(_ sdl: String) -> Set<String> {
        Set(sdl.components(separatedBy: "\n\n").map { block in
            let lines = block.split(separator: "\n")
            guard let head = lines.first else { return block }
            return ([String(head)] + lines.dropFirst().map(String.init).sorted()).joined(separator: "\n")
        })
    }

    /// An example's committed schema, the endpoint of the example server that serves it, and
    /// a field that only that schema has, so that a test on the wrong endpoint cannot pass.
    struct ServedSchema: Sendable, CustomTestStringConvertible {
        let committedPath: String
        let endpoint: @Sendable (ExampleServer) -> URL
        let distinctiveField: String

        var testDescription: String { committedPath }
    }

    static let servedSchemas = [
        ServedSchema(
            committedPath: "Examples/RocketReserverAPI/schema.graphqls", endpoint: { $0.rocketReserverURL },
            distinctiveField: "bookTrips(launchIds: [ID]!): TripUpdateResponse!"),
        ServedSchema(
            committedPath: "Examples/TodoAPI/schema.graphqls", endpoint: { $0.todoURL },
            distinctiveField: "changeTodoStatus(input: ChangeTodoStatusInput!): ChangeTodoStatusPayload"),
    ]

    @Test("An example's committed schema has the shape of the one the server serves", arguments: servedSchemas)
    func committedSchemaMatchesTheServer(_ schema: ServedSchema) async throws {
        let sdl = try TestFiles.text(TestFiles.repositoryRoot.appendingPathComponent(schema.committedPath))
        let ours = try Introspection.sdl(
            fromJSON: await IntrospectionTests.introspectionJSON(of: sdl), fileName: "schema.graphqls", includeDescriptions: false)
        let served = try await ExampleServer.withServer { server in
            try await Introspection.fetchSDL(from: schema.endpoint(server))
        }
        let servedShape = try Introspection.sdl(
            fromJSON: await Self.reintrospect(served), fileName: "served", includeDescriptions: false)
        #expect(Self.shape(servedShape) == Self.shape(ours))
        #expect(served.contains(schema.distinctiveField))
    }

    /// The served SDL, loaded and introspected again, so both sides go through the same printer.
    static func reintrospect(_ sdl: String) async throws -> [UInt8] {
        try await IntrospectionTests.introspectionJSON(of: sdl)
    }

    /// FoundationNetworking on Linux applies the session's request timeout (60 seconds by
    /// default) unless the request's own was assigned through its property, so the session
    /// must carry the caller's timeout, longer or shorter than that default.
    @Test(arguments: [5.0, 600.0])
    func theSessionWaitsAsLongAsTheCallerSays(timeout: TimeInterval) {
        let configuration = Introspection.sessionConfiguration(timeout: timeout)
        #expect(configuration.timeoutIntervalForRequest == timeout)
        #expect(configuration.timeoutIntervalForResource >= timeout)
    }

    @Test func anUnreachableEndpointIsAClearError() async throws {
        // Port 1 on loopback: nothing listens there, and no other test's server can take it.
        let url = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        do {
            _ = try await Introspection.fetchSDL(from: url, timeout: 5)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("\(url.absoluteString): error: the request failed"))
        }
    }

    @Test func anHTTPErrorIsAClearError() async throws {
        let message = try await ExampleServer.withServer { server in
            let url = server.baseURL.appendingPathComponent("no-graphql-here")
            do {
                _ = try await Introspection.fetchSDL(from: url)
                return "no error"
            } catch {
                return "\(error)".replacingOccurrences(of: url.absoluteString, with: "URL")
            }
        }
        #expect(message == "URL: error: the server answered HTTP 404")
    }
}

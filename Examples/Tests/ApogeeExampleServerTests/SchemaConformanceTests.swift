@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import GraphQL
import TestSupport
import Testing

/// The served schemas must be exactly the shared SDL: same types, fields, arguments,
/// defaults and nullability. Both sides are introspected with the same query and compared.
@Suite struct SchemaConformanceTests {
    @Test(arguments: [
        ("rocket-reserver.graphqls", "/graphql"),
        ("todo.graphqls", "/todo/graphql"),
    ])
    func servedSchemaMatchesSharedSDL(file: String, path: String) async throws {
        let expected = try await Self.shapeOfSDL(file)
        let served = try await withServer { server in
            let response = try await graphQL(server.baseURL.appendingPathComponent(path), introspectionQuery)
            return IntrospectionShape.shape(of: response)
        }
        #expect(!expected.isEmpty)
        #expect(Set(served.keys) == Set(expected.keys), "types differ")
        for name in expected.keys.sorted() {
            // Compared as sorted JSON text so a failure prints two readable lines.
            #expect(served[name]?.serializedString == expected[name]?.serializedString, "\(name) differs")
        }
    }

    @Test func typeReferencesReadAsSDL() throws {
        let listOfNonNull: JSONValue = .object([
            "kind": "NON_NULL",
            "ofType": .object(["kind": "LIST", "ofType": .object(["kind": "SCALAR", "name": "ID"])]),
        ])
        #expect(IntrospectionShape.reference(listOfNonNull) == "[ID]!")
    }

    /// Builds the shared SDL with GraphQLSwift and runs the same introspection query on it.
    private static func shapeOfSDL(_ file: String) async throws -> [String: JSONValue] {
        let schema = try buildSchema(source: SharedSchemas.sdl(file))
        let result = try await graphql(schema: schema, request: introspectionQuery)
        #expect(result.errors.isEmpty)
        let data = try GraphQLJSONEncoder().encode(result)
        return IntrospectionShape.shape(of: try JSONValue(parsing: [UInt8](data)))
    }
}

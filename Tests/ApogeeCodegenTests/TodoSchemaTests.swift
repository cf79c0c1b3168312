import ApogeeCodegen
import ApogeeExampleServer
import Foundation
import Testing

/// The Todo example's committed schema (Examples/TodoAPI/schema.graphqls) against the running
/// example server's, by introspection over real HTTP on loopback.
@Suite("The Todo example's schema")
struct TodoSchemaTests {
    @Test func todoSchemaMatchesTheServer() async throws {
        let sdl = try TestFiles.text(TestFiles.repositoryRoot.appendingPathComponent("Examples/TodoAPI/schema.graphqls"))
        let ours = try Introspection.sdl(
            fromJSON: await IntrospectionTests.introspectionJSON(of: sdl), fileName: "schema.graphqls", includeDescriptions: false)
        let served = try await ExampleServer.withServer { server in
            try await Introspection.fetchSDL(from: server.todoURL)
        }
        let servedShape = try Introspection.sdl(
            fromJSON: await ExampleServerSchemaTests.reintrospect(served), fileName: "served", includeDescriptions: false)
        #expect(ExampleServerSchemaTests.shape(servedShape) == ExampleServerSchemaTests.shape(ours))
        #expect(served.contains("changeTodoStatus(input: ChangeTodoStatusInput!): ChangeTodoStatusPayload"))
    }
}

@testable import ApogeeAPI
@testable import ApogeeCodegen
import Foundation
import GraphQL
import TestSupport
import Testing

/// A schema given as an introspection result generates the same code as its SDL, and the SDL
/// printer writes schemas that GraphQLSwift's own printer cannot.
@Suite("Introspection input")
struct IntrospectionTests {
    /// Runs the introspection query of `apogee fetch-schema` against a schema built by GraphQLSwift,
    /// as a server would.
    static func introspectionJSON(of sdl: String) async throws -> [UInt8] {
        let schema = try buildSchema(source: sdl)
        let result = try await graphql(schema: schema, request: Introspection.query)
        #expect(result.errors.isEmpty, "\(result.errors)")
        return [UInt8](try JSONEncoder().encode(result))
    }

    static func rocketReserverSDL() throws -> String {
        try TestFiles.text(TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI/schema.graphqls"))
    }

    @Test func introspectionGeneratesWhatSDLGenerates() async throws {
        let sdl = try Self.rocketReserverSDL()
        let json = try await Self.introspectionJSON(of: sdl)
        let extensions = try TestFiles.rocketReserverExtensions()
        let fromJSON = try CodegenSchema(introspectionJSON: json, fileName: "schema.graphqls", extensions: extensions)
        let fromSDL = try CodegenSchema(sdl: sdl, fileName: "schema.graphqls", extensions: extensions)
        let files = try TestFiles.operationFiles(in: "Examples/RocketReserverAPI")
        let expected = try CodeGenerator(schema: fromSDL).generate(files: files)
        let generated = try CodeGenerator(schema: fromJSON).generate(files: files)
        #expect(generated == expected)
    }

    @Test func bothShapesOfTheResultAreRead() async throws {
        let json = try await Self.introspectionJSON(of: Self.rocketReserverSDL())
        let root = try #require(try JSONValue(parsing: json).objectValue)
        let inner = try #require(root["data"])
        let bare = inner.serialized()
        let fromData = try Introspection.sdl(fromJSON: json, fileName: "a.json")
        let fromBare = try Introspection.sdl(fromJSON: bare, fileName: "b.json")
        #expect(fromData == fromBare)
        #expect(fromData.contains("type Launch {\n  id: ID!\n"))
        #expect(fromData.contains("enum PatchSize {\n  SMALL\n  LARGE\n}"))
        #expect(fromData.contains("launches(pageSize: Int, after: String): LaunchConnection!"))
    }

    @Test func aFileOnDiskIsRecognizedAsJSON() async throws {
        let json = try await Self.introspectionJSON(of: Self.rocketReserverSDL())
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("schema.json")
        try Data(json).write(to: url)
        let schema = try CodegenSchema(contentsOfFile: url.path)
        #expect(schema.fileName == url.path)
    }

    @Test func somethingElseIsAClearError() {
        do {
            _ = try Introspection.sdl(fromJSON: Array(#"{"data":{"launches":[]}}"#.utf8), fileName: "x.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("x.json: error: not an introspection result"))
        }
        do {
            _ = try Introspection.sdl(fromJSON: Array(#"{"errors":[{"message":"no introspection here"}]}"#.utf8), fileName: "y.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "y.json: error: the server answered with errors: no introspection here")
        }
        #expect(throws: CodegenError.self) { try Introspection.sdl(fromJSON: Array("{\"__schema\": ".utf8), fileName: "z.json") }
    }

    @Test func printsSchemasWithInputObjectDefaults() async throws {
        // GraphQLSwift's printSchema traps on `= {}` defaults (GitHub's schema has them) and its
        // executor cannot introspect them either, so the default is put into the JSON here.
        let sdl = """
            enum State { OPEN CLOSED }
            input Filter { since: String, labels: [String!] = ["a \\"b\\""] }
            "A query root."
            type Query {
              "Issues, filtered."
              issues(filterBy: Filter, first: Int = 10): [String] @deprecated(reason: "Use search")
              \"\"\"
              Multi-line
              description with \\\"\"\" quotes
              \"\"\"
              search(state: State = OPEN): String
            }
            """
        let json = try Self.settingDefault("{}", ofArgument: "filterBy", field: "issues", in: await Self.introspectionJSON(of: sdl))
        let printed = try Introspection.sdl(fromJSON: json, fileName: "s.json")
        #expect(printed.contains("issues(filterBy: Filter = {}, first: Int = 10): [String] @deprecated(reason: \"Use search\")"))
        #expect(printed.contains("input Filter {\n  labels: [String!]\n  since: String\n}"))
        #expect(printed.contains("search(state: State = OPEN): String"))
        #expect(printed.contains("  \"\"\"\n  Multi-line\n  description with \\\"\"\" quotes\n  \"\"\"\n"))
        let rebuilt = try CodegenSchema(sdl: printed, fileName: "printed.graphqls")
        #expect(rebuilt.fileName == "printed.graphqls")
    }

    static func settingDefault(_ value: String, ofArgument argument: String, field: String, in json: [UInt8]) throws -> [UInt8] {
        func patch(_ value: JSONValue, _ edit: (inout JSONObject) -> Void) -> JSONValue {
            guard var object = value.objectValue else { return value }
            edit(&object)
            return .object(object)
        }
        func patchList(_ value: JSONValue?, where name: String, _ edit: (inout JSONObject) -> Void) -> JSONValue {
            .array((value?.arrayValue ?? []).map { element in
                element.objectValue?["name"]?.stringValue == name ? patch(element, edit) : element
            })
        }
        let root = try JSONValue(parsing: json)
        let patched = patch(root) { root in
            root["data"] = patch(root["data"] ?? nil) { data in
                data["__schema"] = patch(data["__schema"] ?? nil) { schema in
                    schema["types"] = patchList(schema["types"], where: "Query") { query in
                        query["fields"] = patchList(query["fields"], where: field) { field in
                            field["args"] = patchList(field["args"], where: argument) { $0["defaultValue"] = .string(value) }
                        }
                    }
                }
            }
        }
        return patched.serialized()
    }
}

@testable import ApogeeCodegen
import Testing

/// The generated Swift for the example operations, byte for byte. The same operation files are
/// compiled by the plugin (RocketReserverAPI, CodegenFixtureTodo, CodegenFixtureReviews) and
/// exercised in GeneratedCodeTests, so the golden files are known to compile and work.
@Suite("Golden output")
struct GoldenTests {
    /// With the schema extensions the plugin reads too, so the cache redirect and the local field
    /// are in the output.
    @Test func rocketReserverOperations() throws {
        let folder = TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI")
        let schema = try CodegenSchema(
            sdl: TestFiles.text(folder.appendingPathComponent("schema.graphqls")), fileName: "schema.graphqls",
            extensions: TestFiles.rocketReserverExtensions())
        let files = try TestFiles.operationFiles(in: "Examples/RocketReserverAPI")
        #expect(files.map(\.baseName) == [
            "BookTrip", "CancelTrip", "LaunchDetails", "LaunchList", "LaunchSummary", "LaunchTile", "LaunchWithDeferredMission", "Login",
            "Me", "TripsBooked", "UploadProfileImage",
        ])
        let generated = try CodeGenerator(schema: schema).generate(files: files)
        try Golden.check(generated, set: "RocketReserver")
    }

    @Test func todoOperations() throws {
        let schema = try TestFiles.schema(TestFiles.shared.appendingPathComponent("schemas/todo.graphqls"), name: "todo.graphqls")
        let generated = try CodeGenerator(schema: schema).generate(files: TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Todo"))
        try Golden.check(generated, set: "Todo")
    }

    @Test func reviewOperationsWithEnumsInputObjectsAndNullableInputs() throws {
        let schema = try TestFiles.schema(
            TestFiles.repositoryRoot.appendingPathComponent("Examples/Tests/CodegenFixtures/Reviews/schema.graphqls"), name: "schema.graphqls")
        let generator = CodeGenerator(schema: schema, configuration: CodegenConfiguration(scalarTypes: ["Stars": "Int"]))
        let generated = try generator.generate(files: TestFiles.operationFiles(in: "Examples/Tests/CodegenFixtures/Reviews"))
        try Golden.check(generated, set: "Reviews")
    }
}

@testable import ApogeeCodegen
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// The `apogee` executable, run as a user runs it: exit status, standard error and the files
/// it writes (or does not write).
@Suite("The apogee command")
struct CommandLineTests {
    /// `swift test` builds every product; the executable sits beside the test bundle.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("apogee")

    struct Run {
        var status: Int32
        var standardError: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        let child = try ChildProcess(executable: executable, arguments: arguments)
        return Run(status: child.waitUntilExit().code, standardError: child.standardError)
    }

    /// Runs the command without blocking a thread of the cooperative pool, which the example
    /// server needs to answer it. The limit only stops a hung child: it is past the longest
    /// `--timeout` a test gives the command.
    static func runAsync(_ arguments: [String]) async throws -> Run {
        let child = try ChildProcess(executable: executable, arguments: arguments)
        let status = try await child.waitForExit(limit: .seconds(900))
        return Run(status: status, standardError: child.standardError)
    }

    static let schemaPath = TestFiles.rocketReserverSchema.path

    @Test func generatesOneFilePerOperationFileAndTheSchemaTypes() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path), "apogee should be built beside the tests")
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let output = folder.appendingPathComponent("out")
        let operations = TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI").path
        let cachePolicy = TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI/cache-policy.graphqls").path
        let localFields = TestFiles.repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI/local-fields.graphqls").path
        let run = try Self.run([
            "generate", "--schema", Self.schemaPath, "--schema-extension", cachePolicy, "--schema-extension", localFields,
            "--operations", operations, "--output", output.path,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(written.contains("BookTrip.graphql.swift"))
        #expect(written.contains("SchemaTypes.graphql.swift"))
        #expect(written.count == 12)
        let golden = try TestFiles.text(TestFiles.golden.appendingPathComponent("RocketReserver/BookTrip.graphql.swift.golden"))
        #expect(try TestFiles.text(output.appendingPathComponent("BookTrip.graphql.swift")) == golden)
    }

    /// Two processes hash differently (Swift seeds hashing per process), so this catches any
    /// output that depends on dictionary or set order.
    @Test func twoRunsWriteTheSameBytes() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let reviews = TestFiles.repositoryRoot.appendingPathComponent("Examples/Tests/CodegenFixtures/Reviews")
        var outputs: [[String: String]] = []
        for run in 0..<2 {
            let output = folder.appendingPathComponent("out\(run)")
            let result = try Self.run([
                "generate", "--schema", reviews.appendingPathComponent("schema.graphqls").path, "--operations", reviews.path,
                "--output", output.path, "--scalar", "Stars=Int",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
            outputs.append(Dictionary(uniqueKeysWithValues: try names.map { ($0, try TestFiles.text(output.appendingPathComponent($0))) }))
        }
        #expect(outputs[0].count == 4)
        #expect(outputs[0] == outputs[1])
    }

    @Test func errorsGoToStandardErrorExitOneAndWriteNothing() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let good = folder.appendingPathComponent("Good.graphql")
        let bad = folder.appendingPathComponent("Bad.graphql")
        try Data("query Good { me { id } }\n".utf8).write(to: good)
        try Data("query Bad {\n  launch(id: \"1\") {\n    sitee\n  }\n}\n".utf8).write(to: bad)
        let output = folder.appendingPathComponent("out")
        let run = try Self.run(["generate", "--schema", Self.schemaPath, "--operations", good.path, bad.path, "--output", output.path])
        #expect(run.status == 1)
        #expect(run.standardError == "\(bad.path):3:5: error: Cannot query field \"sitee\" on type \"Launch\". Did you mean \"site\"?\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func scalarMappingsAndGlobs() throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let schema = folder.appendingPathComponent("schema.graphqls")
        try Data("scalar DateTime\ntype Query { now: DateTime! }\n".utf8).write(to: schema)
        try Data("query Now { now }\n".utf8).write(to: folder.appendingPathComponent("Now.graphql"))
        let output = folder.appendingPathComponent("out")
        let run = try Self.run([
            "generate", "--schema", schema.path, "--operations", folder.path + "/*.graphql", "--output", output.path,
            "--scalar", "DateTime=Foundation.Date",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let types = try TestFiles.text(output.appendingPathComponent("SchemaTypes.graphql.swift"))
        #expect(types.contains("import Foundation\n"))
        #expect(types.contains("public typealias DateTime = Foundation.Date"))

        let wrong = try Self.run(["generate", "--schema", schema.path, "--operations", folder.path, "--output", output.path, "--scalar", "DateTime"])
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("'DateTime' is not a scalar mapping"))
    }

    @Test func fetchSchemaWritesTheServersSDL() async throws {
        let temporary = try TemporaryFolder()
        let folder = temporary.url
        let output = folder.appendingPathComponent("served.graphqls")
        let run = try await ExampleServer.withServer { server in
            // Under the thread sanitizer, with the whole suite in parallel, introspection can take longer than the default 30 s.
            try await Self.runAsync([
                "fetch-schema", "--endpoint", server.rocketReserverURL.absoluteString, "--output", output.path, "--timeout", "600",
            ])
        }
        #expect(run.status == 0, "\(run.standardError)")
        let sdl = try TestFiles.text(output)
        #expect(sdl.contains("uploadProfileImage(file: Upload!): User"))
        #expect(try CodegenSchema(contentsOfFile: output.path).fileName == output.path)
    }

    @Test func helpDocumentsEveryOption() throws {
        let child = try ChildProcess(executable: Self.executable, arguments: ["generate", "--help"])
        #expect(child.waitUntilExit() == .exited(0))
        let text = child.standardOutput
        for option in ["--schema", "--operations", "--output", "--scalar", "--timing", "--test-data-builders-for"] {
            #expect(text.contains(option))
        }
    }
}

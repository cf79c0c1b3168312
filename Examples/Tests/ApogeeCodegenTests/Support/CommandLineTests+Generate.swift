import Foundation
import TestSupport

extension CommandLineTests {
    /// What one `apogee generate` over files written for it gave: the run, where the schema
    /// extension was (as its diagnostics name it), and the output folder.
    struct GenerateRun {
        var run: Run
        var extensionPath: String
        var output: URL
    }

    /// Writes a schema, one schema extension (named `extensionName`) and one operation file
    /// into `folder`, then runs `apogee generate` on them, as a build would.
    static func generate(
        in folder: TemporaryFolder,
        schema: String,
        schemaExtension: String,
        extensionName: String,
        operation: String
    ) throws -> GenerateRun {
        let schemaFile = folder.url.appendingPathComponent("schema.graphqls")
        let extensionFile = folder.url.appendingPathComponent(extensionName)
        let operationFile = folder.url.appendingPathComponent("Operation.graphql")
        try Data(schema.utf8).write(to: schemaFile)
        try Data(schemaExtension.utf8).write(to: extensionFile)
        try Data(operation.utf8).write(to: operationFile)
        let output = folder.url.appendingPathComponent("out")
        let run = try run([
            "generate", "--schema", schemaFile.path, "--schema-extension", extensionFile.path, "--operations", operationFile.path,
            "--output", output.path,
        ])
        return GenerateRun(run: run, extensionPath: extensionFile.path, output: output)
    }
}

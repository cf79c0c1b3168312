@testable import ApogeeCodegen
import Foundation
import Testing

/// Paths of the repository and of `../shared`, found from this file so tests run from any
/// working directory.
enum TestFiles {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// The repository: the library's package, with the examples' package in `Examples/`.
    static let repositoryRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let golden = testsFolder.appendingPathComponent("Golden")

    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The `.graphql` files of a folder, sorted, with paths relative to the repository root so
    /// that diagnostics and output are the same on every machine.
    static func operationFiles(in relativeFolder: String) throws -> [OperationFile] {
        let folder = repositoryRoot.appendingPathComponent(relativeFolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".graphql") }.sorted()
        return try names.map { name in
            OperationFile(path: relativeFolder + "/" + name, text: try text(folder.appendingPathComponent(name)))
        }
    }

    /// The RocketReserver example's schema extension files, as its `apogee.json` lists them.
    static func rocketReserverExtensions() throws -> [SchemaSource] {
        let folder = repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI")
        return try ["cache-policy.graphqls", "local-fields.graphqls"].map { name in
            SchemaSource(text: try text(folder.appendingPathComponent(name)), fileName: name)
        }
    }

    static func schema(_ url: URL, name: String) throws -> CodegenSchema {
        try CodegenSchema(sdl: text(url), fileName: name)
    }

    /// The RocketReserver example's schema, which most error tests generate against.
    static let rocketReserverSchema = repositoryRoot.appendingPathComponent("Examples/RocketReserverAPI/schema.graphqls")

    /// A generator for the RocketReserver schema, without its extensions.
    static func rocketReserverGenerator() throws -> CodeGenerator {
        CodeGenerator(schema: try schema(rocketReserverSchema, name: "schema.graphqls"))
    }
}

extension CodeGenerator {
    /// The errors generating `files` gives, printed; records an issue when it generates instead.
    func diagnostics(_ files: [OperationFile], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        do {
            let generated = try generate(files: files)
            Issue.record("expected errors, got \(generated.count) files", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}

/// Compares generated files with the files committed under `Golden/<set>/`.
///
/// Run with `APOGEE_UPDATE_GOLDEN=1` to rewrite them after an intended change, then review the
/// diff before committing.
enum Golden {
    static func check(_ files: [GeneratedFile], set: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = TestFiles.golden.appendingPathComponent(set)
        if ProcessInfo.processInfo.environment["APOGEE_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name + ".golden"))
            }
        }
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".golden") }.map { String($0.dropLast(".golden".count)) }.sorted()
        #expect(files.map(\.name).sorted() == expectedNames, sourceLocation: sourceLocation)
        for file in files {
            let expected = try? TestFiles.text(folder.appendingPathComponent(file.name + ".golden"))
            #expect(file.contents == expected, "\(set)/\(file.name) differs from its golden file", sourceLocation: sourceLocation)
        }
    }
}

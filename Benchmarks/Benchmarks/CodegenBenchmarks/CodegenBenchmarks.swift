import ApogeeCodegen
import Benchmark
import Foundation

/// Code generation for GitHub's schema (715 KB) with one hundred operation files: the whole
/// job as `apogee generate` does it in one process, and its parts. Issue 17's bar, 0.15 s,
/// is for the whole command, process start to exit, in a release build (Benchmarks/README.md).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        maxDuration: .seconds(30),
        maxIterations: 10
    )

    generatedSizeBenchmarks()

    Benchmark("Generate: GitHub schema, 100 operations, whole job") { benchmark in
        for _ in benchmark.scaledIterations {
            let schema = try CodegenSchema(contentsOfFile: CodegenFixture.schemaPath)
            let files = try CodegenFixture.readOperationFiles()
            let generated = try CodeGenerator(schema: schema).generate(files: files)
            blackHole(generated)
        }
    }

    Benchmark("Generate part: load the GitHub schema") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CodegenSchema(contentsOfFile: CodegenFixture.schemaPath))
        }
    }

    Benchmark("Generate part: parse and validate 100 operations") { benchmark in
        let schema = try CodegenSchema(contentsOfFile: CodegenFixture.schemaPath)
        let files = try CodegenFixture.readOperationFiles()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try ParsedOperations(files: files, schema: schema))
        }
    }

    Benchmark("Generate part: emit Swift for 100 operations") { benchmark in
        let schema = try CodegenSchema(contentsOfFile: CodegenFixture.schemaPath)
        let parsed = try ParsedOperations(files: CodegenFixture.readOperationFiles(), schema: schema)
        let generator = CodeGenerator(schema: schema)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try generator.generate(parsed))
        }
    }
}

/// The GitHub schema from `../shared` and the hundred operations, written once per run into a
/// temporary folder so that the whole-job benchmark reads files as the command does.
enum CodegenFixture {
    static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/fixtures/github/schema.graphqls")
        .standardizedFileURL.path

    static let operationPaths: [String] = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-github-operations").path
        do {
            return try GitHubOperations.write(to: folder)
        } catch {
            fatalError("cannot write the benchmark's operation files into \(folder): \(error)")
        }
    }()

    static func readOperationFiles() throws -> [OperationFile] {
        try operationPaths.map { path in
            OperationFile(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
        }
    }
}

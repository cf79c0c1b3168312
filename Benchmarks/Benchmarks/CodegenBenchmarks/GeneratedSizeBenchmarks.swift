import ApogeeCodegen
import Benchmark
import Foundation

/// Issue 46's generated-code bar: the Swift generated for the garden fixture (AnimalKingdom's
/// shapes) today against the same operations' code from before the issue (commit `06f5fa2`,
/// kept in `Fixtures/GardenBaseline`), in bytes and in `swiftc -typecheck` time. Each
/// iteration type-checks both, alternating which goes first, and reports their ratio.
func generatedSizeBenchmarks() {
    let todayBytes = BenchmarkMetric.custom("today: bytes", polarity: .prefersSmaller, useScalingFactor: false)
    let baselineBytes = BenchmarkMetric.custom("baseline: bytes", polarity: .prefersSmaller, useScalingFactor: false)
    let bytesRatio = BenchmarkMetric.custom("bytes: today / baseline (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    let todayTime = BenchmarkMetric.custom("today: type-check (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    let baselineTime = BenchmarkMetric.custom("baseline: type-check (ms)", polarity: .prefersSmaller, useScalingFactor: false)
    let timeRatio = BenchmarkMetric.custom("type-check: today / baseline (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Generated size: garden operations, bytes and swiftc -typecheck, today and baseline alternating",
        configuration: .init(
            metrics: [todayBytes, baselineBytes, bytesRatio, todayTime, baselineTime, timeRatio],
            warmupIterations: 1, maxDuration: .seconds(120), maxIterations: 10)
    ) { benchmark in
        let folders = try GardenCode.prepare()
        let today = try GardenCode.bytes(in: folders.today)
        let baseline = try GardenCode.bytes(in: folders.baseline)
        let clock = ContinuousClock()
        for iteration in benchmark.scaledIterations {
            var durations: [Bool: Duration] = [:]
            for turn in 0..<2 {
                let isToday = (iteration + turn) % 2 == 0
                let start = clock.now
                try GardenCode.typeCheck(isToday ? folders.today : folders.baseline)
                durations[isToday] = clock.now - start
            }
            let todayDuration = durations[true] ?? .zero
            let baselineDuration = durations[false] ?? .zero
            benchmark.measurement(todayBytes, today)
            benchmark.measurement(baselineBytes, baseline)
            benchmark.measurement(bytesRatio, 1_000 * today / max(baseline, 1))
            benchmark.measurement(todayTime, Int(todayDuration / .milliseconds(1)))
            benchmark.measurement(baselineTime, Int(baselineDuration / .milliseconds(1)))
            benchmark.measurement(timeRatio, Int(1_000 * (todayDuration / baselineDuration)))
        }
    }
}

/// The garden fixture's code, generated now and unpacked from the baseline archive, each in a
/// folder of its own.
enum GardenCode {
    static let fixtureFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../Examples/Tests/CodegenFixtures/Garden").standardizedFileURL
    static let baselineArchive = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Fixtures/GardenBaseline/generated-06f5fa2.tar.gz").standardizedFileURL

    /// Where the benchmark executable's modules are: ApogeeAPI's among them, which generated
    /// code imports.
    static var modulesFolder: URL {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Modules")
    }

    static func prepare() throws -> (today: URL, baseline: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-garden-\(UUID().uuidString)")
        let today = root.appendingPathComponent("today")
        let baseline = root.appendingPathComponent("baseline")
        try FileManager.default.createDirectory(at: today, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: baseline, withIntermediateDirectories: true)
        let schema = try CodegenSchema(contentsOfFile: fixtureFolder.appendingPathComponent("schema.graphqls").path)
        let operations = try FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path).filter { $0.hasSuffix(".graphql") }.sorted()
        let files = try operations.map { name in
            OperationFile(path: name, text: try String(contentsOf: fixtureFolder.appendingPathComponent(name), encoding: .utf8))
        }
        for file in try CodeGenerator(schema: schema).generate(files: files) {
            try Data(file.contents.utf8).write(to: today.appendingPathComponent(file.name))
        }
        try run("/usr/bin/env", ["tar", "xzf", baselineArchive.path, "-C", baseline.path])
        return (today, baseline)
    }

    static func bytes(in folder: URL) throws -> Int {
        try swiftFiles(in: folder).reduce(0) { $0 + (try Data(contentsOf: $1).count) }
    }

    static func typeCheck(_ folder: URL) throws {
        try run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Garden", "-I", modulesFolder.path] + swiftFiles(in: folder).map(\.path))
    }

    private static func swiftFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GardenCodeFailure(description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
    }
}

/// A command the benchmark runs failed.
struct GardenCodeFailure: Error, CustomStringConvertible {
    var description: String
}

import Foundation

/// Type-checks Swift source against the modules this test run was built with, as a user's
/// package would see them, to show that something does or does not compile.
///
/// It runs the toolchain's `swiftc -typecheck` in Swift 6 mode with the build's `Modules`
/// folder on the import path and every C module's map (the build's generated ones and those
/// the checked-out dependencies ship), so `import Apogee` resolves exactly as in a package.
package enum SwiftTypeCheck {
    /// What the compiler said.
    package struct Outcome: Sendable {
        /// The compiler's exit status: 0 when the source type-checks.
        package var status: Int32
        /// The compiler's diagnostics.
        package var diagnostics: String
    }

    /// Why the compiler could not be run.
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// Type-checks `source` as a file of its own and returns the compiler's verdict.
    package static func check(_ source: String) async throws -> Outcome {
        let compiler = try swiftc()
        let build = try buildFolder()
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Checked.swift")
        try Data(source.utf8).write(to: file)
        var arguments = [
            "-typecheck", "-swift-version", "6",
            "-module-cache-path", folder.url.appendingPathComponent("ModuleCache").path,
            "-I", build.appendingPathComponent("Modules").path,
        ]
        for map in moduleMaps(in: build) {
            arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        arguments.append(file.path)
        let child = try ChildProcess(executable: compiler, arguments: arguments)
        let status = try await child.waitForExit(limit: .seconds(600))
        return Outcome(status: status, diagnostics: child.standardError)
    }

    /// The folder of this run's build products: the one above the test bundle that holds
    /// `Modules`.
    private static func buildFolder() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules").path) { return directory }
            directory.deleteLastPathComponent()
        }
        throw Unavailable(description: "no Modules folder above \(CommandLine.arguments[0])")
    }

    /// Every C module's map the build's modules may import: `<target>.build/module.modulemap`
    /// beside the products, and `Sources/<target>/include/module.modulemap` in the checkouts
    /// of the scratch folder (two levels above the products).
    private static func moduleMaps(in build: URL) -> [URL] {
        let files = FileManager.default
        var maps: [URL] = []
        for entry in (try? files.contentsOfDirectory(atPath: build.path)) ?? [] where entry.hasSuffix(".build") {
            let map = build.appendingPathComponent(entry).appendingPathComponent("module.modulemap")
            if files.fileExists(atPath: map.path) { maps.append(map) }
        }
        let checkouts = build.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        for package in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
                let map = sources.appendingPathComponent(target).appendingPathComponent("include/module.modulemap")
                if files.fileExists(atPath: map.path) { maps.append(map) }
            }
        }
        return maps
    }

    /// The `swiftc` on the `PATH`, the toolchain that runs these tests.
    private static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Unavailable(description: "no swiftc on PATH (\(path))")
    }
}

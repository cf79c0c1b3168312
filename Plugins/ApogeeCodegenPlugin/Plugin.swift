import Foundation
import PackagePlugin

/// Generates Swift for the `.graphql` files of a target on every build.
///
/// The target holds its operations and an `apogee.json`:
///
/// ```json
/// {
///   "schema": "schema.graphqls",
///   "schemaExtensions": ["cache.graphqls"],
///   "scalars": { "DateTime": "String" },
///   "operations": ["../Shared/Fragments"],
///   "fieldErrors": "throw"
/// }
/// ```
///
/// Paths are relative to the target's folder. The plugin declares one output per operation
/// file (`<Name>.graphql.swift`) and `SchemaTypes.graphql.swift`, so SwiftPM reruns
/// generation only when an input changes.
@main
struct ApogeeCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let targetDirectory = target.directoryURL
        let configurationURL = targetDirectory.appending(path: "apogee.json")
        let configuration = try PluginConfiguration.load(from: configurationURL, target: target.name)

        var operationFiles = sourceTarget.sourceFiles
            .map(\.url)
            .filter { $0.pathExtension == "graphql" || $0.pathExtension == "gql" }
        for path in configuration.operations ?? [] {
            operationFiles += try PluginConfiguration.operationFiles(at: resolve(path, against: targetDirectory), configuration: configurationURL)
        }
        operationFiles = Array(Set(operationFiles.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
        guard !operationFiles.isEmpty else { return [] }

        let schemaURL = resolve(configuration.schema, against: targetDirectory)
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let outputs = [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
            + operationFiles.map { outputDirectory.appending(path: $0.deletingPathExtension().lastPathComponent + ".graphql.swift") }

        let extensionURLs = (configuration.schemaExtensions ?? []).map { resolve($0, against: targetDirectory) }
        var arguments = ["generate", "--schema", schemaURL.path]
        for url in extensionURLs { arguments += ["--schema-extension", url.path] }
        arguments += ["--output", outputDirectory.path, "--operations"]
        arguments += operationFiles.map(\.path)
        for (name, type) in (configuration.scalars ?? [:]).sorted(by: { $0.key < $1.key }) {
            arguments += ["--scalar", "\(name)=\(type)"]
        }
        if let fieldErrors = configuration.fieldErrors { arguments += ["--field-errors", fieldErrors] }

        return [
            .buildCommand(
                displayName: "Generating Swift for the GraphQL operations of \(target.name)",
                executable: try context.tool(named: "apogee").url,
                arguments: arguments,
                inputFiles: [configurationURL, schemaURL] + extensionURLs + operationFiles,
                outputFiles: outputs
            )
        ]
    }

    private func resolve(_ path: String, against directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path).standardizedFileURL
    }
}

/// The contents of `apogee.json`.
struct PluginConfiguration: Decodable {
    /// The schema file, SDL or introspection JSON.
    var schema: String
    /// SDL files that extend the schema with what only the client knows, such as cache policy.
    var schemaExtensions: [String]?
    /// Swift types for scalars, by scalar name.
    var scalars: [String: String]?
    /// More operation files or folders, beyond the target's own `.graphql` files.
    var operations: [String]?
    /// What a field error that no `@catch` handles does: `throw`, `null` or `result`.
    var fieldErrors: String?

    static func load(from url: URL, target: String) throws -> PluginConfiguration {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PluginError("\(url.path): error: target \(target) uses ApogeeCodegenPlugin but has no apogee.json naming its schema, e.g. {\"schema\": \"schema.graphqls\"}")
        }
        do {
            return try JSONDecoder().decode(PluginConfiguration.self, from: data)
        } catch {
            throw PluginError("\(url.path): error: apogee.json is not valid: \(error)")
        }
    }

    /// An operation file, or the operation files below a folder.
    static func operationFiles(at url: URL, configuration: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PluginError("\(configuration.path): error: the operation path \(url.path) does not exist")
        }
        guard isDirectory.boolValue else { return [url] }
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let file = enumerator?.nextObject() as? URL {
            if file.pathExtension == "graphql" || file.pathExtension == "gql" { files.append(file) }
        }
        return files
    }
}

/// An error shown in the build's output.
struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

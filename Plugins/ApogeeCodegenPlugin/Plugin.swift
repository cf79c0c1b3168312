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
///
/// A test target gets test data builders for a target it depends on with an `apogee.json` of
/// `{"testDataBuildersFor": "RocketReserverAPI"}`: one output, `TestDataBuilders.graphql.swift`,
/// generated from that target's schema and operations.
@main
struct ApogeeCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let configurationURL = target.directoryURL.appending(path: "apogee.json")
        let configuration = try PluginConfiguration.load(from: configurationURL, target: target.name)
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")

        if let apiTargetName = configuration.testDataBuildersFor {
            // The builders come from the API target's own schema and operations and go into
            // this (test) target, so that the app's module never holds them.
            guard let apiTarget = target.recursiveTargetDependencies.first(where: { $0.name == apiTargetName }) as? SourceModuleTarget else {
                throw PluginError("\(configurationURL.path): error: testDataBuildersFor names \(apiTargetName), which is not a target \(target.name) depends on; add it to the target's dependencies")
            }
            let apiConfigurationURL = apiTarget.directoryURL.appending(path: "apogee.json")
            let apiConfiguration = try PluginConfiguration.load(from: apiConfigurationURL, target: apiTarget.name)
            guard let inputs = try GenerationInputs(target: apiTarget, configuration: apiConfiguration, configurationURL: apiConfigurationURL) else {
                return []
            }
            return [
                .buildCommand(
                    displayName: "Generating test data builders for \(apiTarget.name) in \(target.name)",
                    executable: try context.tool(named: "apogee").url,
                    arguments: ["generate", "--output", outputDirectory.path] + inputs.arguments + ["--test-data-builders-for", apiTarget.moduleName],
                    inputFiles: [configurationURL, apiConfigurationURL] + inputs.files,
                    outputFiles: [outputDirectory.appending(path: "TestDataBuilders.graphql.swift")]
                )
            ]
        }

        guard let inputs = try GenerationInputs(target: sourceTarget, configuration: configuration, configurationURL: configurationURL) else {
            return []
        }
        let outputs = [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
            + inputs.operationFiles.map { outputDirectory.appending(path: $0.deletingPathExtension().lastPathComponent + ".graphql.swift") }
        return [
            .buildCommand(
                displayName: "Generating Swift for the GraphQL operations of \(target.name)",
                executable: try context.tool(named: "apogee").url,
                arguments: ["generate", "--output", outputDirectory.path] + inputs.arguments,
                inputFiles: [configurationURL] + inputs.files,
                outputFiles: outputs
            )
        ]
    }
}

/// What `apogee generate` reads for a target that holds operations: its schema, extensions and
/// operation files, and the arguments that name them.
struct GenerationInputs {
    var operationFiles: [URL]
    /// The schema, its extensions and the operation files.
    var files: [URL]
    /// Every argument but `generate` and `--output`.
    var arguments: [String]

    /// The inputs of a target; `nil` when it holds no operations.
    init?(target: SourceModuleTarget, configuration: PluginConfiguration, configurationURL: URL) throws {
        let directory = target.directoryURL
        guard let schema = configuration.schema else {
            throw PluginError("\(configurationURL.path): error: apogee.json names no schema, e.g. {\"schema\": \"schema.graphqls\"}")
        }
        var operationFiles = target.sourceFiles
            .map(\.url)
            .filter { $0.pathExtension == "graphql" || $0.pathExtension == "gql" }
        for path in configuration.operations ?? [] {
            operationFiles += try PluginConfiguration.operationFiles(at: Self.resolve(path, against: directory), configuration: configurationURL)
        }
        operationFiles = Array(Set(operationFiles.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
        guard !operationFiles.isEmpty else { return nil }

        let schemaURL = Self.resolve(schema, against: directory)
        let extensionURLs = (configuration.schemaExtensions ?? []).map { Self.resolve($0, against: directory) }
        var arguments = ["--schema", schemaURL.path]
        for url in extensionURLs { arguments += ["--schema-extension", url.path] }
        arguments += ["--operations"] + operationFiles.map(\.path)
        for (name, type) in (configuration.scalars ?? [:]).sorted(by: { $0.key < $1.key }) {
            arguments += ["--scalar", "\(name)=\(type)"]
        }
        if let fieldErrors = configuration.fieldErrors { arguments += ["--field-errors", fieldErrors] }
        self.operationFiles = operationFiles
        self.files = [schemaURL] + extensionURLs + operationFiles
        self.arguments = arguments
    }

    private static func resolve(_ path: String, against directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path).standardizedFileURL
    }
}

/// The contents of `apogee.json`.
struct PluginConfiguration: Decodable {
    /// The schema file, SDL or introspection JSON; a target that only holds test data builders
    /// names none.
    var schema: String?

    /// SDL files that extend the schema with what only the client knows, such as cache policy.
    var schemaExtensions: [String]?
    /// Swift types for scalars, by scalar name.
    var scalars: [String: String]?
    /// More operation files or folders, beyond the target's own `.graphql` files.
    var operations: [String]?
    /// What a field error that no `@catch` handles does: `throw`, `null` or `result`.
    var fieldErrors: String?
    /// For a test target: the target whose operations to generate test data builders for,
    /// from that target's own `apogee.json`. The test target depends on it and ApogeeTesting.
    var testDataBuildersFor: String?

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

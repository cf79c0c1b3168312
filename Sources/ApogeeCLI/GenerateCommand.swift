import ApogeeCodegen
import ArgumentParser
import Foundation

/// `apogee generate`: schema + operations in, Swift files out.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generates Swift for the operations and fragments in .graphql files.",
        discussion: """
            Writes <Name>.graphql.swift for each input file <Name>.graphql (its operations and \
            fragments) and SchemaTypes.graphql.swift (the enums, input objects and scalar type \
            aliases the operations use). Files whose contents did not change are left untouched. \
            With --test-data-builders-for, writes TestDataBuilders.graphql.swift instead. \
            On any error the diagnostics go to standard error, the exit status is 1, and no file \
            is written.
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The schema: SDL (.graphqls, .graphql) or an introspection result (.json).", valueName: "file"))
    var schema: String

    @Option(name: .customLong("schema-extension"), help: ArgumentHelp(
        "An SDL file that extends the schema with what only the client knows, such as cache policy (extend type Book @typePolicy(keyFields: \"isbn\")). Repeatable.",
        valueName: "file"))
    var schemaExtensions: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp(
        "Operation files, folders searched for .graphql files, or glob patterns such as 'Sources/**/*.graphql'. Repeatable.",
        valueName: "path"))
    var operations: [String]

    @Option(name: .long, help: ArgumentHelp("The folder to write the Swift files into; created when missing.", valueName: "folder"))
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "Maps a GraphQL scalar to a Swift type that conforms to CustomScalar, e.g. DateTime=Foundation.Date. ID and custom scalars are String otherwise. Repeatable.",
        valueName: "Name=SwiftType"))
    var scalar: [String] = []

    @Option(name: .customLong("field-errors"), help: ArgumentHelp(
        "What a field error that no @catch handles does: throw (fails the whole data), null (nil at the nearest optional field), or result (nullable fields are FieldResult). Overrides the schema's @catchByDefault; null when neither says.",
        valueName: "throw|null|result"))
    var fieldErrors: String?

    @Option(name: .customLong("test-data-builders-for"), help: ArgumentHelp(
        "Writes only TestDataBuilders.graphql.swift: test data builders for the module generated from the same schema and operations, for a test target that imports it and ApogeeTesting.",
        valueName: "module"))
    var testDataBuildersFor: String?

    @Flag(name: .long, help: "Prints how long each phase took to standard error.")
    var timing = false

    func validate() throws {
        if operations.isEmpty { throw ValidationError("Name at least one operation file, folder or pattern with --operations.") }
        if let module = testDataBuildersFor, module.isEmpty || module.first?.isNumber == true || module.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw ValidationError("'\(module)' is not a module name; --test-data-builders-for names the module generated from these operations.")
        }
        if let fieldErrors, FieldErrorHandling(configurationName: fieldErrors) == nil {
            throw ValidationError("'\(fieldErrors)' is not a field error handling; write --field-errors throw, null or result.")
        }
        for mapping in scalar where ScalarMapping.parse(mapping) == nil {
            throw ValidationError("'\(mapping)' is not a scalar mapping; write --scalar Name=SwiftType.")
        }
    }

    func run() throws {
        var clock = PhaseClock(enabled: timing)
        do {
            var mapping: [String: String] = [:]
            for entry in scalar {
                if let (name, type) = ScalarMapping.parse(entry) { mapping[name] = type }
            }
            let loaded = try CodegenSchema(contentsOfFile: schema, extensionFiles: schemaExtensions)
            clock.lap("schema load")
            let paths = try OperationPaths.expand(operations)
            var files: [OperationFile] = []
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CodegenError(file: path, message: "cannot read the file")
                }
                files.append(OperationFile(path: path, text: String(decoding: data, as: UTF8.self)))
            }
            clock.lap("read \(files.count) operation files")
            let parsed = try ParsedOperations(files: files, schema: loaded)
            clock.lap("parse and validate")
            let generator = CodeGenerator(schema: loaded, configuration: CodegenConfiguration(
                scalarTypes: mapping, fieldErrors: fieldErrors.flatMap(FieldErrorHandling.init(configurationName:))))
            let generated = try testDataBuildersFor.map { [try generator.generateTestDataBuilders(parsed, apiModule: $0)] }
                ?? generator.generate(parsed)
            clock.lap("emit \(generated.count) files")
            try OutputWriter.write(generated, to: output)
            clock.lap("write")
            clock.report()
            // Done: the process ends here rather than releasing the loaded schema object by
            // object on the way out, which cost a tenth of a run on GitHub's schema.
            Foundation.exit(EXIT_SUCCESS)
        } catch let error as CodegenError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}

import ArgumentParser

/// The `apogee` command: code generation for Apogee, the GraphQL client for Swift.
@main
struct ApogeeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apogee",
        abstract: "Generates typed Swift for GraphQL operations, for the Apogee client.",
        discussion: """
            Write operations and fragments in .graphql files, point `apogee generate` at them and \
            at the schema, and get one Swift file per .graphql file plus SchemaTypes.graphql.swift. \
            Errors print as path/File.graphql:LINE:COLUMN: error: message, and nothing is written.
            """,
        subcommands: [GenerateCommand.self, FetchSchemaCommand.self]
    )
}

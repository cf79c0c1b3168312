import Foundation

/// Files of the Apogee repository the targets read their fixed inputs from, found from this
/// source file's place: the targets run where they were built.
public enum RepositoryFiles {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // FuzzSupport
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // Fuzz
        .deletingLastPathComponent()

    /// The path of a file given relative to the root.
    public static func path(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }

    /// The RocketReserver schema and its extensions, the fixed schema operations are fuzzed against.
    public static let rocketReserverSchema = path("Examples/RocketReserverAPI/schema.graphqls")
    public static let rocketReserverExtensions = [
        path("Examples/RocketReserverAPI/cache-policy.graphqls"),
        path("Examples/RocketReserverAPI/local-fields.graphqls"),
    ]
}

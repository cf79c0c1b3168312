import ApogeeAPI

/// The only dimensions operation metrics carry, and the attribute names spans carry them under.
///
/// The names follow OpenTelemetry's GraphQL conventions. Nothing else goes in: variables,
/// header fields and response data are unbounded (a cardinality cost for every backend) and
/// may hold credentials or personal data.
enum OperationDimensions {
    /// The operation's name, as written in its document.
    static let name = "graphql.operation.name"
    /// `query`, `mutation` or `subscription`.
    static let kind = "graphql.operation.type"

    /// The dimensions of `Operation`'s metrics.
    static func of<Operation: GraphQLOperation>(_ operation: Operation.Type) -> [(String, String)] {
        [(name, Operation.operationName), (kind, Operation.operationType.rawValue)]
    }
}

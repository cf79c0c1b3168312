/// The kind of a GraphQL operation.
public enum OperationType: String, Sendable, Hashable {
    case query
    case mutation
    case subscription
}

/// A generated GraphQL operation: its document, its variables and its typed `Data`.
///
/// Generated code names operations after the operation and its kind, as users know them:
/// `mutation BookTrip` becomes `BookTripMutation`, whose initializer takes the variables.
///
/// ## Topics
/// ### Kinds
/// - ``GraphQLQuery``
/// - ``GraphQLMutation``
/// - ``GraphQLSubscription``
public protocol GraphQLOperation: Sendable {
    /// The typed result of the operation.
    associatedtype Data: RootSelectionSet

    /// Whether this is a query, a mutation or a subscription.
    static var operationType: OperationType { get }
    /// The operation's name in the document.
    static var operationName: String { get }
    /// The document to send: the operation and the fragments it uses, with client-only
    /// directives and fields removed.
    static var document: String { get }
    /// The hex SHA-256 of ``document``, which names it in automatic persisted queries.
    static var operationIdentifier: String { get }
    /// The variables, in the order the operation declares them. Variables left out
    /// (`GraphQLNullable.none`) are absent.
    var variables: [InputField] { get }
    /// The variables ``document`` leaves out: those only client directives
    /// (`@appendEdge(connections: $connections)`) or local fields use. The store reads them
    /// with the others; a request does not carry them, since the server would not know them.
    static var __clientOnlyVariables: Set<String> { get }
    /// Whether the document defers fragments (`@defer`) or streams lists (`@stream`), so that
    /// the server may answer in several payloads. Generated operations that do say so; a
    /// request for one offers the incremental delivery formats the client reads.
    static var __deliversIncrementally: Bool { get }
}

extension GraphQLOperation {
    public var variables: [InputField] { [] }

    /// None: what operations whose document uses every variable say.
    public static var __clientOnlyVariables: Set<String> { [] }

    /// No: what operations without `@defer` or `@stream` say.
    public static var __deliversIncrementally: Bool { false }

    /// The identifier of the document for automatic persisted queries: the hex SHA-256 of
    /// ``document``. Generated operations store it so it is computed once, at generation time.
    public static var operationIdentifier: String { SHA256.hexDigest(of: document) }

    /// The variables as JSON, with uploads as `null`: the form used for cache keys and
    /// for the body of a request that carries no file.
    public var variablesJSON: JSONObject {
        InputValue.object(variables).jsonValue.objectValue ?? [:]
    }
}

/// A generated query.
public protocol GraphQLQuery: GraphQLOperation {}
/// A generated mutation.
public protocol GraphQLMutation: GraphQLOperation {}
/// A generated subscription.
public protocol GraphQLSubscription: GraphQLOperation {}

extension GraphQLQuery {
    public static var operationType: OperationType { .query }
}

extension GraphQLMutation {
    public static var operationType: OperationType { .mutation }
}

extension GraphQLSubscription {
    public static var operationType: OperationType { .subscription }
}

/// A generated type for the fields an operation or fragment selects on one object.
///
/// Generated selection sets are plain structs with stored properties and memberwise
/// initializers, so they can be built by hand (for optimistic responses and tests), decoded
/// from a response, compared, and encoded back to the JSON a server would send.
///
/// Generated types also carry `__parentType` (the schema type), `__selections` (what the
/// operation selects), `__fields` (the response object), `__cacheKeyFields`,
/// `__cacheRedirects` and `__cacheMaxAges` (the cache policy the schema declares): the
/// runtime reads them, and code that uses the generated types does not need them.
///
/// ## Topics
/// ### Reading and writing
/// - ``init(from:)``
public protocol SelectionSet: ResponseDecodable, ResponseEncodable, Hashable, Sendable, ResponseFieldNaming {
    /// The schema type the selections are made on (an object, interface or union).
    static var __parentType: String { get }
    /// What is selected, for the normalizer and the cache reader.
    static var __selections: [Selection] { get }
    /// Reads the selection set from a response object.
    init(from object: ResponseObject) throws
    /// The selection set as the response object a server would send for it.
    var __fields: JSONObject { get }
    /// The fields that identify objects of each type, as the schema declares them with
    /// `@typePolicy(keyFields:)`, by concrete type name: what the store keys objects by when
    /// its own `CacheKeyPolicy` does not name the type. Generated operations and fragments of a
    /// schema that declares keys carry them; other selection sets have none.
    static var __cacheKeyFields: [String: [String]] { get }
    /// The fields the store may read from the record their arguments name, as the schema
    /// declares with `@fieldPolicy(forField:keyArgs:)`, by `ParentType.field`.
    static var __cacheRedirects: [String: CacheRedirect] { get }
    /// How long fields stay fresh, in seconds, as the schema declares with
    /// `@cacheControl(maxAge:)` and `@cacheControlField(name:maxAge:)`, by `"Type"` and
    /// `"Type.field"`.
    static var __cacheMaxAges: [String: Int] { get }
}

extension SelectionSet {
    public static var __cacheKeyFields: [String: [String]] { [:] }
    public static var __cacheRedirects: [String: CacheRedirect] { [:] }
    public static var __cacheMaxAges: [String: Int] { [:] }

    public init(responseValue: JSONValue) throws {
        switch responseValue {
        case .object(let fields): try self.init(from: ResponseObject(fields))
        case .null: throw ResponseDecodingError(.unexpectedNull)
        default: throw ResponseDecodingError.typeMismatch(expected: "an object", found: responseValue)
        }
    }

    public var responseValue: JSONValue { .object(__fields) }

    /// Reads the selection set from response JSON, such as the `data` of a response.
    public init(json: JSONObject) throws {
        try self.init(from: ResponseObject(json))
    }
}

/// The `Data` of an operation: the selections on the query, mutation or subscription root.
public protocol RootSelectionSet: SelectionSet {
    /// Whether the operation selects a local field anywhere, its fragments included: only
    /// then does the client put the store's values of local fields into a server result.
    static var __selectsLocalFields: Bool { get }
}

extension RootSelectionSet {
    /// `false`: operations generated without local fields do not declare it.
    public static var __selectsLocalFields: Bool { false }
}

/// A generated named fragment (`fragment LaunchDetails on Launch { … }`), usable on its own
/// and reached from the selection sets that spread it as `.fragments.launchDetails`.
public protocol Fragment: SelectionSet {
    /// The fragment's name in the GraphQL document.
    static var fragmentName: String { get }
    /// The fragment's type condition.
    static var __typeCondition: Selection.TypeCondition { get }
    /// The fragment's definition as sent to the server, without the fragments it spreads.
    static var fragmentDefinition: String { get }
}

/// Where the store finds a field's object without having stored the field: the record its
/// arguments name, as the schema declares with `@fieldPolicy(forField:keyArgs:)`.
///
/// After `launches` stored `Launch:25`, `launch(id: "25")` with a redirect on `Query.launch`
/// reads `Launch:25` directly, so a query for one launch that the list already holds is
/// answered from the store.
public struct CacheRedirect: Sendable, Hashable {
    /// The object type the field returns, whose key the arguments make.
    public var typename: String
    /// The field's arguments whose values make the key, in the order of ``keyFields``.
    public var keyArguments: [String]
    /// The key fields of ``typename`` that the arguments stand for.
    public var keyFields: [String]

    /// A redirect to objects of `typename`, keyed by `keyFields` whose values the arguments
    /// `keyArguments` give, in the same order.
    public init(typename: String, keyArguments: [String], keyFields: [String]) {
        self.typename = typename
        self.keyArguments = keyArguments
        self.keyFields = keyFields
    }
}

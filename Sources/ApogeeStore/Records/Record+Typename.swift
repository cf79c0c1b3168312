extension Record {
    /// The record's type: its `__typename`, or what its key implies.
    package var typename: String? {
        fields["__typename"]?.typename ?? key.impliedTypename
    }
}

extension RecordValue {
    /// The name a `__typename` value holds.
    var typename: String? {
        if case .scalar(.string(let name)) = self { return name }
        return nil
    }
}

extension CacheKey {
    /// The type a key implies without its record: the root's type, or the part of
    /// `Typename:id` before the colon.
    package var impliedTypename: String? {
        switch self {
        case .queryRoot: "Query"
        case .mutationRoot: "Mutation"
        case .subscriptionRoot: "Subscription"
        default: StoreCore.typename(inKey: self)
        }
    }
}

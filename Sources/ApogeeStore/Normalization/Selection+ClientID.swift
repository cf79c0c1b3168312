import ApogeeAPI

extension Array where Element == Selection {
    /// Whether the client-only `__id` field is selected anywhere in these selections, nested
    /// fields and fragments included: only then does a write note the record keys that a
    /// server result lacks (``CacheChanges/clientIDs``).
    var selectsClientID: Bool {
        contains { selection in
            switch selection {
            case .field(let field):
                field.isClientID || field.selections?.selectsClientID == true
            case .inlineFragment(let fragment):
                fragment.selections.selectsClientID
            case .fragmentSpread(let spread):
                spread.selections.selectsClientID
            }
        }
    }
}

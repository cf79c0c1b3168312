extension Set where Element == String {
    /// Whether the set holds `name`, comparing instead of hashing when it holds one name: the
    /// sets of type names the store asks about on every object (a fragment's possible types,
    /// the types an expiry covers) mostly hold one.
    package func containsName(_ name: String) -> Bool {
        count == 1 ? first == name : contains(name)
    }
}

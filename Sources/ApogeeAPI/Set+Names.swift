extension Set where Element == String {
    /// Whether the set holds `name`, comparing instead of hashing when it holds a few names:
    /// the sets of type names the store asks about on every object (a fragment's possible
    /// types, the types an expiry covers) mostly hold one, or the few implementations of an
    /// interface, and comparing a short name costs less than hashing it.
    package func containsName(_ name: String) -> Bool {
        guard count <= Self.namesCompared else { return contains(name) }
        for element in self where element == name { return true }
        return false
    }

    private static var namesCompared: Int { 8 }
}

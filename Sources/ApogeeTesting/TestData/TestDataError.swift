/// Built data that cannot be what the operation selects.
public struct TestDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The root builder is not of the operation's root type, or an object builder is not
        /// of a type the field can hold.
        public static let wrongType = Code(name: "wrongType")
        /// A non-null field (or list element) was given `null`.
        public static let nullInNonNullField = Code(name: "nullInNonNullField")
        /// A field holds a value of the wrong kind: a scalar where the selection wants an
        /// object, or a list where it wants one value.
        public static let wrongKind = Code(name: "wrongKind")

        public var description: String { name }
    }

    /// What is wrong.
    public var code: Code
    /// The response path of the field, such as `bookTrips.launches.0`.
    public var path: String
    /// What the builder held and what the selection wants.
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, path: String, detail: String) {
        self.code = code
        self.path = path
        self.detail = detail
    }

    public var description: String {
        "Test data at \(path.isEmpty ? "the root" : path): \(detail)"
    }
}

extension TracingInterceptor {
    /// What spans may carry beyond the operation's name and kind.
    ///
    /// Both are off by default: variables may be passwords, tokens or personal data, and error
    /// messages often quote the data they are about. Turn one on only where the traces are as
    /// private as the data.
    public struct Configuration: Sendable, Hashable {
        /// Adds each variable's value as the attribute `graphql.variables.<name>`.
        public var recordsVariables: Bool
        /// Records thrown errors with their descriptions and GraphQL errors' messages in the
        /// span's status; otherwise only a fixed kind of error (`error.type`) and a count.
        public var recordsErrorDetails: Bool

        /// Creates a configuration; the defaults record neither.
        public init(recordsVariables: Bool = false, recordsErrorDetails: Bool = false) {
            self.recordsVariables = recordsVariables
            self.recordsErrorDetails = recordsErrorDetails
        }
    }
}

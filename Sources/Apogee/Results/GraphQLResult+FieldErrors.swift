import ApogeeAPI

extension GraphQLResult where Data: ResponseFieldNaming {
    /// The errors about a field of the data, and about the fields inside it, named through
    /// the generated types rather than by a path string:
    ///
    /// ```swift
    /// let errors = result.errors(at: { $0.launches.launches[2].mission })
    /// ```
    ///
    /// Empty when the server reported none there, and for a step that is not a response
    /// field.
    public func errors<Field>(at field: (FieldPath<Data>) -> FieldPath<Field>) -> [GraphQLError] {
        guard let errors, let path = field(FieldPath()).responsePath else { return [] }
        return errors.filter { $0.isAt(path) }
    }
}

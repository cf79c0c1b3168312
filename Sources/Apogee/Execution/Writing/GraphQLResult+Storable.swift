import ApogeeAPI

extension GraphQLResult where Data: RootSelectionSet {
    /// The data to write into the store, or `nil` when there is nothing to write.
    ///
    /// Partial data is written as the server sent it, even when the operation's types gave no
    /// data (an error nothing caught under the `THROW` default): other operations read the
    /// same records. Where the server put `null` because a field failed, the store keeps the
    /// errors (``RecordValue/fieldError(_:)``), never a `null` a later read would take for the
    /// value; a later value replaces them. When the data comes with an error that has no
    /// path, nothing is written: there is no telling which nulls are real.
    var storableData: ResponseData? {
        // The JSON as the server sent it, when the data has not been replaced since; otherwise
        // the typed data encoded back, as a server would have sent it.
        guard let json = serverData ?? data.map({ ResponseData.tree($0.__fields) }) else { return nil }
        guard let errors, !errors.isEmpty else { return json }
        guard errors.allSatisfy({ !($0.path?.components.isEmpty ?? true) }) else { return nil }
        return try? json.withFieldErrors(errors)
    }
}

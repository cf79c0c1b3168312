import ApogeeAPI

extension CacheTransaction {
    /// Writes the data of a server result (or of an optimistic response) for an operation.
    /// Local fields are not in it, and what the store has of them stays; when the operation
    /// selects any, each is noted, for ``readKeptLocalFields()``.
    func writeResultData<Operation: GraphQLOperation>(
        _ data: ResponseData,
        for operation: Operation,
        applyingListDirectives: Bool,
        variables: JSONObject? = nil
    ) throws {
        try write(
            data: data, for: operation, applyingListDirectives: applyingListDirectives,
            localFields: Operation.Data.__selectsLocalFields ? .keptAndNoted : .kept, variables: variables)
    }

    /// Reads the local fields the results written here left unwritten, as the store now has
    /// them (a value the app wrote, or the default), into ``localValues``. Called once the
    /// result and its updater are in, so the values are those the result's readers will see.
    func readKeptLocalFields() {
        for (path, kept) in keptLocalFields {
            var reader = SelectionReader(records: self, variables: kept.variables)
            localValues[path] = reader.readLocalField(kept.field, of: kept.key)
        }
    }
}

import ApogeeAPI

extension GraphQLResult where Data: RootSelectionSet {
    /// The data to write into the store, or `nil` when there is nothing to write.
    ///
    /// Partial data is written, except where the server put `null` because a field failed:
    /// those fields are left out, so an error's `null` is never stored as if it were the value
    /// (and without the error). The store keeps what it had for them: a field never written
    /// stays missing, and a later read misses and asks the server again; a field written by an
    /// earlier result keeps that value, the last one the server gave, until it is written again
    /// or expires. When a field fails inside a list, the whole list is left out, since a list
    /// cannot have a hole. When the data comes with an error that has no path, nothing is
    /// written: there is no telling which nulls are real.
    var storableData: ResponseData? {
        guard let data else { return nil }
        // The JSON as the server sent it, when the data has not been replaced since; otherwise
        // the typed data encoded back, as a server would have sent it.
        let json = serverData ?? .tree(data.__fields)
        guard let errors, !errors.isEmpty else { return json }
        var root = JSONValue.object(json.tree)
        for error in errors {
            guard let path = error.path, !path.components.isEmpty else { return nil }
            _ = Self.removeNull(from: &root, along: path.components[...])
        }
        return root.objectValue.map(ResponseData.tree)
    }

    /// Follows an error's path down `value` and removes the field that holds the `null` the
    /// error left. Returns `true` when `value` itself is that `null` (or a list holding it), so
    /// that the caller removes the field holding `value`.
    private static func removeNull(from value: inout JSONValue, along path: ArraySlice<ResponsePath.Component>) -> Bool {
        if value.isNull { return true }
        guard let step = path.first else { return false }
        switch (step, value) {
        case (.field(let name), .object(var object)):
            guard var child = object[name] else { return false }
            if removeNull(from: &child, along: path.dropFirst()) {
                object[name] = nil
            } else {
                object[name] = child
            }
            value = .object(object)
            return false
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            var element = elements[index]
            if removeNull(from: &element, along: path.dropFirst()) { return true }
            elements[index] = element
            value = .array(elements)
            return false
        default:
            return false
        }
    }
}

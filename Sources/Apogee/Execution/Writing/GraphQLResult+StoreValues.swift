import ApogeeAPI
import ApogeeStore

extension GraphQLResult where Data: RootSelectionSet {
    /// The result with what the store knows and the server does not filled in, as the store
    /// computed it while writing the result, so that data from the server carries it just as
    /// data read from the store does:
    /// - the record keys, as `__id`: a connection's `__id` from the first fetch can go straight
    ///   to `@appendEdge`;
    /// - the local fields, as the store has them: what the app wrote, or the field's default
    ///   (which the result was decoded with).
    ///
    /// Only those fields change; the rest stays the server's (a page of a paginated connection
    /// stays that page, not the merged list the store holds). Operations with neither pay
    /// nothing.
    func fillingStoreValues(from changes: CacheChanges) -> GraphQLResult {
        guard !changes.clientIDs.isEmpty || !changes.localValues.isEmpty, let json = serverData?.tree ?? data?.__fields else { return self }
        var root = JSONValue.object(json)
        for (path, key) in changes.clientIDs {
            root.setValue(.string(key.rawValue), at: path.components[...])
        }
        for (path, value) in changes.localValues {
            root.setValue(value, at: path.components[...])
        }
        guard let filled = root.objectValue, let data = try? Data(json: filled) else { return self }
        var result = self
        result.data = data
        result.serverData = .tree(filled)
        return result
    }
}

extension JSONValue {
    /// Sets the value at a path whose last step names a field, when every step before it
    /// exists; otherwise leaves the value as it is.
    fileprivate mutating func setValue(_ value: JSONValue, at path: ArraySlice<ResponsePath.Component>) {
        guard let step = path.first else { return }
        switch (step, self) {
        case (.field(let name), .object(var object)):
            if path.count == 1 {
                object[name] = value
            } else {
                guard var child = object[name] else { return }
                self = .null  // releases the storage so the child is changed in place
                child.setValue(value, at: path.dropFirst())
                object[name] = child
            }
            self = .object(object)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index), path.count > 1 else { return }
            self = .null
            elements[index].setValue(value, at: path.dropFirst())
            self = .array(elements)
        default:
            return
        }
    }
}

import ApogeeAPI
import ApogeeStore

extension GraphQLResult where Data: RootSelectionSet {
    /// The result with the record keys the store computed filled in as `__id`, so that data
    /// from the server carries them just as data read from the store does: a connection's
    /// `__id` from the first fetch can go straight to `@appendEdge`.
    ///
    /// Only the `__id` fields change; the rest stays the server's (a page of a paginated
    /// connection stays that page, not the merged list the store holds).
    func fillingClientIDs(_ clientIDs: [ResponsePath: CacheKey]) -> GraphQLResult {
        guard !clientIDs.isEmpty, let json = dataJSON ?? data?.__fields else { return self }
        var root = JSONValue.object(json)
        for (path, key) in clientIDs {
            root.setValue(.string(key.rawValue), at: path.components[...])
        }
        guard let filled = root.objectValue, let data = try? Data(json: filled) else { return self }
        var result = self
        result.data = data
        result.dataJSON = filled
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

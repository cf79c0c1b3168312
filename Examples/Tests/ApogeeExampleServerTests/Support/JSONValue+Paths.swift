@testable import ApogeeAPI

extension JSONValue {
    /// The value at a path of object keys and list indexes, or `nil` when there is none.
    subscript(path path: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            switch (current, step) {
            case (.object(let object)?, let key as String): current = object[key]
            case (.array(let array)?, let index as Int): current = array.indices.contains(index) ? array[index] : nil
            default: return nil
            }
        }
        return current
    }

    var intValue: Int? {
        if case .int(let int) = self { return int }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }
}

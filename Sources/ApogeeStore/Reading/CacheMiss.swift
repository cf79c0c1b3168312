import ApogeeAPI

/// Why the store could not give a complete result: a field or record it does not have, or
/// a stored value that does not fit the selections. A miss is a result, never a crash, and
/// never a silently wrong value: a caller fetches from the server instead.
public struct CacheMiss: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was missing or wrong.
    public enum Reason: Sendable, Hashable {
        /// The record is not in the store (never written, removed, or cleared).
        case missingRecord
        /// The record exists but the field was never written.
        case missingField
        /// The field is past its expiry time (and the read did not accept it stale).
        case expired
        /// The stored value has another shape than the selections expect.
        case invalidValue(expected: String)
        /// The stored data could not be read into the generated type.
        case decodingFailed(ResponseDecodingError)
        /// The record source failed to load the record (a persistent store's I/O error).
        case sourceFailed(String)
    }

    /// The record where reading stopped.
    public var key: CacheKey
    /// The field's storage key, when the miss is about one field.
    public var field: String?
    /// Where in the result the miss is, from the root of the data.
    public var path: ResponsePath
    /// What was wrong.
    public var reason: Reason

    /// Creates a miss.
    public init(key: CacheKey, field: String?, path: ResponsePath = ResponsePath(), reason: Reason) {
        self.key = key
        self.field = field
        self.path = path
        self.reason = reason
    }

    /// A readable description, for logs and test failures.
    public var description: String {
        let location = field.map { "'\(key.rawValue).\($0)'" } ?? "record '\(key.rawValue)'"
        let at = path.components.isEmpty ? "" : " (at '\(path)')"
        switch reason {
        case .missingRecord: return "cache miss: \(location) is not in the store\(at)"
        case .missingField: return "cache miss: \(location) is not in the store\(at)"
        case .expired: return "cache miss: \(location) has expired\(at)"
        case .invalidValue(let expected): return "cache miss: \(location) is not \(expected)\(at)"
        case .decodingFailed(let error): return "cache miss: stored data does not decode: \(error)"
        case .sourceFailed(let message): return "cache miss: \(location) could not be loaded: \(message)"
        }
    }

    func prepending(_ component: ResponsePath.Component) -> CacheMiss {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }
}

extension CacheMiss.Reason {
    /// Whether the store lacks the data, rather than holding data it cannot read or failing
    /// to load: what a partial read can leave out.
    var isAbsence: Bool {
        switch self {
        case .missingRecord, .missingField, .expired: true
        case .invalidValue, .decodingFailed, .sourceFailed: false
        }
    }
}

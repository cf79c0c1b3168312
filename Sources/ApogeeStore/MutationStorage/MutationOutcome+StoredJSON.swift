import ApogeeAPI

/// How storage keeps an outcome: one JSON object, the same in SQLite and PostgreSQL.
extension MutationOutcome {
    /// `{"delivered": response}`, `{"failed": reason}` or `{"cancelled": true}`.
    package var storedJSON: JSONObject {
        switch self {
        case .delivered(let response): ["delivered": .object(response)]
        case .failed(let reason): ["failed": .string(reason)]
        case .cancelled: ["cancelled": true]
        }
    }

    /// Reads ``storedJSON``; `nil` for anything else.
    package init?(storedJSON json: JSONObject) {
        guard json.count == 1 else { return nil }
        if case .object(let response)? = json["delivered"] {
            self = .delivered(response: response)
        } else if case .string(let reason)? = json["failed"] {
            self = .failed(reason: reason)
        } else if case .bool(true)? = json["cancelled"] {
            self = .cancelled
        } else {
            return nil
        }
    }
}

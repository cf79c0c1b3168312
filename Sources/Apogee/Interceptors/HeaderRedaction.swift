import HTTPTypes

/// Decides which header values may appear in logs.
///
/// Credentials go by many names, so besides the standard ones any field whose name mentions a
/// token, a key, a secret, a password, a session or auth is hidden too.
public struct HeaderRedaction: Sendable {
    /// Field names (lowercased) whose values are always hidden.
    public var redactedNames: Set<String>
    /// Parts of a field name that mark its value as secret.
    public var redactedNameFragments: [String]

    /// The text logged instead of a hidden value.
    public static let placeholder = "<redacted>"

    /// Creates a redaction rule.
    public init(
        redactedNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        redactedNameFragments: [String] = ["token", "key", "secret", "password", "session", "auth", "credential"]
    ) {
        self.redactedNames = redactedNames
        self.redactedNameFragments = redactedNameFragments
    }

    /// Whether a field's value must be hidden.
    public func redacts(_ name: HTTPField.Name) -> Bool {
        let lowercased = name.canonicalName
        return redactedNames.contains(lowercased) || redactedNameFragments.contains { lowercased.contains($0) }
    }

    /// The fields as they may be logged.
    public func loggable(_ fields: HTTPFields) -> [String: String] {
        var loggable: [String: String] = [:]
        for field in fields {
            let value = redacts(field.name) ? Self.placeholder : field.value
            if let existing = loggable[field.name.canonicalName] {
                loggable[field.name.canonicalName] = existing + ", " + value
            } else {
                loggable[field.name.canonicalName] = value
            }
        }
        return loggable
    }
}

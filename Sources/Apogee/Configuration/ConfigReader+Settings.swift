import Configuration

/// Reads of the settings Apogee's configurations take, each of which tells a missing key (the
/// default applies) from a key whose value cannot be used (``ConfigurationValueError``).
/// `ConfigReader` itself answers `nil` for both.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ConfigReader {
    /// A number of seconds, 0 or more, or above 0 when `allowsZero` is false.
    func seconds(_ key: String, allowsZero: Bool = true) throws(ConfigurationValueError) -> Duration? {
        let expected = allowsZero ? "a number of seconds, 0 or more" : "a number of seconds above 0"
        return try number(key, expected: expected) { allowsZero ? $0 >= 0 : $0 > 0 }.map { .seconds($0) }
    }

    /// A finite number that `isValid` accepts (written as a whole or a decimal number).
    func number(_ key: String, expected: String, isValid: (Double) -> Bool) throws(ConfigurationValueError) -> Double? {
        let configKey = ConfigKey(key)
        guard let value = double(forKey: configKey) ?? int(forKey: configKey).map(Double.init) else {
            try refusePresent(key, expected: expected)
            return nil
        }
        guard value.isFinite, isValid(value) else {
            throw ConfigurationValueError(key: key, value: "\(value)", expected: expected)
        }
        return value
    }

    /// A whole number, `minimum` or more.
    func count(_ key: String, minimum: Int = 0) throws(ConfigurationValueError) -> Int? {
        let expected = "a whole number, \(minimum) or more"
        guard let value = int(forKey: ConfigKey(key)) else {
            try refusePresent(key, expected: expected)
            return nil
        }
        guard value >= minimum else { throw ConfigurationValueError(key: key, value: "\(value)", expected: expected) }
        return value
    }

    /// `true` or `false`.
    func flag(_ key: String) throws(ConfigurationValueError) -> Bool? {
        guard let value = bool(forKey: ConfigKey(key)) else {
            try refusePresent(key, expected: "true or false")
            return nil
        }
        return value
    }

    /// Text that is not empty.
    func text(_ key: String) throws(ConfigurationValueError) -> String? {
        guard let value = string(forKey: ConfigKey(key)) else {
            try refusePresent(key, expected: "text")
            return nil
        }
        guard !value.isEmpty else { throw ConfigurationValueError(key: key, value: value, expected: "text that is not empty") }
        return value
    }

    /// A list of text, for a key that may also hold one item (an environment variable holds a
    /// comma-separated list).
    func texts(_ key: String) throws(ConfigurationValueError) -> [String]? {
        let configKey = ConfigKey(key)
        guard let values = stringArray(forKey: configKey) ?? string(forKey: configKey).map({ [$0] }) else {
            try refusePresent(key, expected: "a list of text")
            return nil
        }
        return values
    }

    /// Throws when the key holds a value of another type than the one asked for, which
    /// `ConfigReader` would answer `nil` for, as if it were missing.
    private func refusePresent(_ key: String, expected: String) throws(ConfigurationValueError) {
        let configKey = ConfigKey(key)
        let present: String? =
            string(forKey: configKey)
            ?? int(forKey: configKey).map { "\($0)" }
            ?? double(forKey: configKey).map { "\($0)" }
            ?? bool(forKey: configKey).map { "\($0)" }
            ?? stringArray(forKey: configKey).map { $0.joined(separator: ",") }
        if let present { throw ConfigurationValueError(key: key, value: present, expected: expected) }
    }
}

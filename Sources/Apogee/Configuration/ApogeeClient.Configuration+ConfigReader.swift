import Configuration
import Foundation
import HTTPTypes

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension ApogeeClient.Configuration {
    /// Reads the settings from swift-configuration's `ConfigReader` (the environment, a JSON or
    /// YAML file, command-line arguments, or several of them in order), with the defaults of
    /// ``init(timeout:headers:useGETForQueries:maximumChainRestarts:uploadPreflightHeader:usesServerCacheControl:requestDeadline:subscriptionWriteQueue:)``
    /// for the keys it does not hold.
    ///
    /// ```swift
    /// // APOGEE_TIMEOUT=30 APOGEE_REQUEST_DEADLINE=120 APOGEE_HEADERS="x-client-name: billing"
    /// let config = ConfigReader(provider: EnvironmentVariablesProvider())
    /// let client = ApogeeClient(url: upstream, configuration: try .init(configReader: config.scoped(to: "apogee")))
    /// ```
    ///
    /// ## Keys
    /// - `timeout` (seconds, 0 or more): ``timeout``.
    /// - `requestDeadline` (seconds; 0 for none): ``requestDeadline``.
    /// - `headers` (a list of `Name: value` fields): ``headers``.
    /// - `useGetForQueries` (true or false): ``useGETForQueries`` (spelt so that the environment
    ///   variable is `…_USE_GET_FOR_QUERIES`).
    /// - `maximumChainRestarts` (a whole number): ``maximumChainRestarts``.
    /// - `usesServerCacheControl` (true or false): ``usesServerCacheControl``.
    ///
    /// - Throws: ``ConfigurationValueError`` for a key whose value cannot be used, rather than
    ///   applying the default in its place.
    public init(configReader: ConfigReader) throws(ConfigurationValueError) {
        self.init()
        if let timeout = try configReader.seconds("timeout") { self.timeout = timeout }
        if let deadline = try configReader.seconds("requestDeadline") { requestDeadline = deadline == .zero ? nil : deadline }
        if let fields = try configReader.texts("headers") { headers = try Self.headerFields(fields) }
        if let useGET = try configReader.flag("useGetForQueries") { useGETForQueries = useGET }
        if let restarts = try configReader.count("maximumChainRestarts") { maximumChainRestarts = restarts }
        if let usesCacheControl = try configReader.flag("usesServerCacheControl") { usesServerCacheControl = usesCacheControl }
    }

    /// `Name: value` entries as header fields. A malformed entry's value is not repeated in the
    /// error: header fields carry credentials.
    private static func headerFields(_ entries: [String]) throws(ConfigurationValueError) -> HTTPFields {
        var fields = HTTPFields()
        for (index, entry) in entries.enumerated() {
            guard let colon = entry.firstIndex(of: ":"),
                let name = HTTPField.Name(entry[..<colon].trimmingCharacters(in: .whitespaces))
            else {
                throw ConfigurationValueError(key: "headers", value: nil, expected: "`Name: value` fields (entry \(index + 1) is not one)")
            }
            fields.append(HTTPField(name: name, value: entry[entry.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return fields
    }
}

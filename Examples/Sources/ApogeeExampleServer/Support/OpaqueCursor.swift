import Foundation

/// Opaque identifiers (cursors and Relay global IDs): base64 of `prefix:value`, so clients
/// treat them as tokens rather than numbers they could compute.
enum OpaqueCursor {
    static func encode(prefix: String, value: Int) -> String {
        encode(prefix: prefix, text: String(value))
    }

    static func encode(prefix: String, text: String) -> String {
        Data("\(prefix):\(text)".utf8).base64EncodedString()
    }

    /// The number inside `cursor`, or `nil` when it is not one of ours with this prefix.
    static func decode(_ cursor: String, prefix: String) -> Int? {
        decodeText(cursor, prefix: prefix).flatMap { Int($0) }
    }

    /// The text inside `cursor`, or `nil` when it is not one of ours with this prefix.
    static func decodeText(_ cursor: String, prefix: String) -> String? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let marker = prefix + ":"
        guard text.hasPrefix(marker) else { return nil }
        return String(text.dropFirst(marker.count))
    }
}

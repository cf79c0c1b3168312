import Foundation

/// `Name=SwiftType`.
enum ScalarMapping {
    static func parse(_ text: String) -> (String, String)? {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }
}

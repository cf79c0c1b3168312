import Foundation
import HTTPTypes

/// What a response's `Cache-Control` header says about storing its data: `no-store`, or how
/// long it stays fresh (`max-age`). Other directives do not concern a normalized cache.
struct ServerCacheControl: Equatable {
    /// Whether the response must not be stored.
    var noStore = false
    /// How long the response stays fresh, in seconds.
    var maxAge: Int?

    /// What a header says, given directly.
    init(noStore: Bool = false, maxAge: Int? = nil) {
        self.noStore = noStore
        self.maxAge = maxAge
    }

    /// Reads the header of a response; `nil` when there is none.
    init?(_ response: HTTPResponse?) {
        guard let value = response?.headerFields[.cacheControl] else { return nil }
        self.init(headerValue: value)
    }

    /// Reads a header value such as `public, max-age=60`. Unknown directives and malformed
    /// ages are ignored, as RFC 9111 asks of a cache.
    init(headerValue: String) {
        for directive in headerValue.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            switch name {
            case "no-store":
                noStore = true
            case "max-age":
                guard parts.count == 2 else { continue }
                var text = parts[1].trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
                if let seconds = Int(text), seconds >= 0 { maxAge = seconds }
            default:
                continue
            }
        }
    }
}

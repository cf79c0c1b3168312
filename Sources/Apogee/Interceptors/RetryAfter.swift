import Foundation
import HTTPTypes

/// Reads a `Retry-After` header field: a number of seconds, or an HTTP date.
enum RetryAfter {
    static func delay(in response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = httpDate(value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }

    /// Reads an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`). A formatter per call, because
    /// formatters are not Sendable everywhere and dates in `Retry-After` are rare.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}

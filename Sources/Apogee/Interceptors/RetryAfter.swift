import Foundation
import HTTPTypes

/// Reads a `Retry-After` header field: a number of seconds, or an HTTP date.
enum RetryAfter {
    static func delay(in response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = httpDateFormatter.date(from: value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }

    private static let httpDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }()
}

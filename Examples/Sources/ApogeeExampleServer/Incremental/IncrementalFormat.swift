import Foundation

/// The two wire formats of incremental delivery over `multipart/mixed`.
enum IncrementalFormat: Sendable, Equatable {
    /// The current format (`incrementalSpec=v0.2`): `pending`, `incremental` entries by id,
    /// `completed`, and deferred data that leaves out what was already sent.
    case current
    /// The format of Apollo's first implementation (`deferSpec=20220824`): `incremental`
    /// entries by path and label, each deferred fragment's data whole.
    case deferSpec20220824

    /// The `Content-Type` of an answer in this format.
    var contentType: String {
        switch self {
        case .current: #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#
        case .deferSpec20220824: #"multipart/mixed; boundary="-"; deferSpec=20220824"#
        }
    }

    /// The format `Accept` asks for, or `nil` when it offers no `multipart/mixed` (or only with
    /// `q=0`). The range with the highest quality wins, and among equals the first listed;
    /// `incrementalSpec=v0.2` or no spec parameter means the current format,
    /// `deferSpec=20220824` the old one. Ranges that name another version are passed over.
    static func negotiate(accept: String?) -> IncrementalFormat? {
        guard let accept else { return nil }
        var best: (format: IncrementalFormat, quality: Double)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let type = parts.first, type.lowercased() == "multipart/mixed" else { continue }
            var quality = 1.0
            var format: IncrementalFormat? = .current
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                switch pair[0].lowercased() {
                case "q": quality = Double(value) ?? 0
                case "incrementalspec": format = value == "v0.2" ? .current : nil
                case "deferspec": format = value == "20220824" ? .deferSpec20220824 : nil
                default: continue
                }
            }
            guard let format, quality > 0 else { continue }
            if best.map({ quality > $0.quality }) ?? true {
                best = (format, quality)
            }
        }
        return best?.format
    }
}

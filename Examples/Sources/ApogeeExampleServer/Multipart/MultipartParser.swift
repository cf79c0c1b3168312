import Foundation

/// A streaming reader of `multipart/form-data` bodies: it is fed the body chunk by chunk and
/// reports each part's headers and bytes as they arrive, so a file of any size passes through
/// in bounded memory.
struct MultipartParser {
    enum Event {
        /// A part begins; header names are lowercased.
        case partStart(headers: [String: String])
        /// Some bytes of the current part.
        case partBytes(ArraySlice<UInt8>)
        /// The current part is complete.
        case partEnd
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private enum State {
        case preamble, afterDelimiter, headers, body, done
    }

    /// `\r\n--boundary`: what ends one part and starts the next.
    private let delimiter: [UInt8]
    private var buffer: [UInt8]
    private var state = State.preamble
    private static let headerLimit = 16 * 1024

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The first delimiter has no line break before it; pretending there was one lets a
        // single search find every delimiter.
        buffer = Array("\r\n".utf8)
    }

    var isComplete: Bool { state == .done }

    /// Reads `chunk` and reports what it completes to `handle`.
    mutating func feed(_ chunk: some Collection<UInt8>, handle: (Event) throws -> Void) throws {
        buffer.append(contentsOf: chunk)
        var position = 0
        parsing: while true {
            switch state {
            case .preamble:
                switch findDelimiter(from: position) {
                case .found(let found):
                    position = found + delimiter.count
                    state = .afterDelimiter
                case .needMoreBytes(let safeEnd):
                    position = safeEnd
                    break parsing
                }
            case .afterDelimiter:
                guard buffer.count - position >= 2 else { break parsing }
                if buffer[position] == UInt8(ascii: "-"), buffer[position + 1] == UInt8(ascii: "-") {
                    state = .done
                    position = buffer.count
                    break parsing
                }
                guard let lineEnd = Self.find(Array("\r\n".utf8), in: buffer, from: position) else { break parsing }
                position = lineEnd + 2
                state = .headers
            case .headers:
                guard buffer.count - position >= 2 else { break parsing }
                if buffer[position] == UInt8(ascii: "\r"), buffer[position + 1] == UInt8(ascii: "\n") {
                    // A part with no headers at all.
                    try handle(.partStart(headers: [:]))
                    position += 2
                    state = .body
                    continue
                }
                guard let end = Self.find(Array("\r\n\r\n".utf8), in: buffer, from: position) else {
                    if buffer.count - position > Self.headerLimit { throw ParseError(description: "A part's headers are too long.") }
                    break parsing
                }
                try handle(.partStart(headers: Self.headers(buffer[position..<end])))
                position = end + 4
                state = .body
            case .body:
                switch findDelimiter(from: position) {
                case .found(let found):
                    if found > position { try handle(.partBytes(buffer[position..<found])) }
                    try handle(.partEnd)
                    position = found + delimiter.count
                    state = .afterDelimiter
                case .needMoreBytes(let safeEnd):
                    // Keep what could be the start of a delimiter split across chunks.
                    if safeEnd > position { try handle(.partBytes(buffer[position..<safeEnd])) }
                    position = safeEnd
                    break parsing
                }
            case .done:
                position = buffer.count
                break parsing
            }
        }
        buffer.removeFirst(position)
    }

    private enum DelimiterSearch {
        case found(Int)
        /// No delimiter yet; bytes before the index cannot be part of one.
        case needMoreBytes(Int)
    }

    /// Finds the next real delimiter: `\r\n--boundary` followed by `--` (the last one) or by
    /// optional spaces and a line break. The same bytes followed by anything else are data.
    private func findDelimiter(from start: Int) -> DelimiterSearch {
        var searchFrom = start
        while let found = Self.find(delimiter, in: buffer, from: searchFrom) {
            var index = found + delimiter.count
            while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard index + 1 < buffer.count else { return .needMoreBytes(found) }
            let pair = (buffer[index], buffer[index + 1])
            if pair == (UInt8(ascii: "-"), UInt8(ascii: "-")) || pair == (UInt8(ascii: "\r"), UInt8(ascii: "\n")) {
                return .found(found)
            }
            searchFrom = found + 1
        }
        return .needMoreBytes(max(searchFrom, buffer.count - delimiter.count + 1))
    }

    private static func headers(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    /// The index where `needle` starts in `haystack` at or after `start`. `memchr` finds each
    /// candidate, so a large file part is scanned at memory speed, in debug builds too.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay -> Int? in
            guard let base = hay.baseAddress else { return nil }
            let last = hay.count - needle.count
            var index = start
            while index <= last {
                guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let matches = needle.withUnsafeBufferPointer { needle in
                    needle.baseAddress.map { memcmp(base + candidate, $0, needle.count) == 0 } ?? false
                }
                if matches { return candidate }
                index = candidate + 1
            }
            return nil
        }
    }
}

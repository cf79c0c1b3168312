import Foundation

/// Reads the parts of a `multipart/mixed` body (RFC 2046) as its bytes arrive, for responses
/// that deliver results in parts: `@defer` and `@stream` payloads, HTTP multipart
/// subscriptions. Part of the wire codec, for transports written outside the module.
///
/// ```swift
/// var parser = MultipartMixedParser(boundary: boundary, maximumPartSize: 16 << 20)
/// for try await piece in body {
///     for part in try parser.consume(piece) { handle(part.body) }
/// }
/// try parser.finish()
/// ```
///
/// Bytes may arrive cut anywhere, inside a boundary or a line ending: the parser keeps what it
/// cannot decide yet until the rest comes. The preamble before the first boundary and the
/// epilogue after the closing one are skipped. A part's content runs to the CRLF before the next
/// boundary; the first boundary may open the body without one, as several servers send it.
/// Memory is bounded: a part longer than `maximumPartSize`, or header fields longer than
/// ``maximumHeaderSize``, is an error, not a buffer that grows without end.
public struct MultipartMixedParser: Sendable {
    /// The longest block of header fields a part may have.
    public static let maximumHeaderSize = 16 * 1024

    private enum State {
        /// Before the first boundary.
        case preamble
        /// Right after a boundary: the rest of its line.
        case boundaryLine
        /// A part's header fields, up to the blank line.
        case headers
        /// A part's content, up to the next boundary, after its header block.
        case content(headerBlock: Data)
        /// After the closing boundary.
        case epilogue
    }

    /// `--` and the boundary.
    private let dashBoundary: [UInt8]
    /// CRLF, `--` and the boundary: what ends a part's content.
    private let delimiter: [UInt8]
    private let maximumPartSize: Int
    private var state = State.preamble
    /// Bytes received and not yet read, from `start` on.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the look for the next delimiter goes on, past what was searched already.
    private var searchFrom = 0

    /// A parser for a body whose `Content-Type` names `boundary`, with parts of at most
    /// `maximumPartSize` bytes.
    public init(boundary: String, maximumPartSize: Int) {
        dashBoundary = Array("--\(boundary)".utf8)
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.maximumPartSize = maximumPartSize
    }

    /// Whether the closing boundary has come: the body is whole.
    public var isComplete: Bool {
        if case .epilogue = state { return true }
        return false
    }

    /// Feeds bytes and returns the parts they complete, in order.
    public mutating func consume(_ bytes: some Sequence<UInt8>) throws(MultipartMixedError) -> [MultipartPart] {
        if case .epilogue = state { return [] }
        buffer.append(contentsOf: bytes)
        var parts: [MultipartPart] = []
        loop: while true {
            switch try nextStep() {
            case .part(let part): parts.append(part)
            case .movedOn: continue
            case .needsMoreBytes: break loop
            }
        }
        compact()
        return parts
    }

    /// Says whether the body ended where it may: after its closing boundary.
    /// - Throws: ``MultipartMixedError/endedBeforeClosingBoundary`` otherwise.
    public func finish() throws(MultipartMixedError) {
        guard isComplete else { throw .endedBeforeClosingBoundary }
    }

    /// What one step of reading came to.
    private enum Step {
        /// A part ended.
        case part(MultipartPart)
        /// The state moved on without a part.
        case movedOn
        /// The bytes so far are not enough to go on.
        case needsMoreBytes
    }

    /// Moves on by one step.
    private mutating func nextStep() throws(MultipartMixedError) -> Step {
        switch state {
        case .preamble:
            return try skipPreamble() ? .movedOn : .needsMoreBytes
        case .boundaryLine:
            return try readBoundaryLine() ? .movedOn : .needsMoreBytes
        case .headers:
            return try readHeaders() ? .movedOn : .needsMoreBytes
        case .content(let headerBlock):
            return try readContent(headerBlock: headerBlock)
        case .epilogue:
            return .needsMoreBytes
        }
    }

    /// Finds the first boundary: at the very start, or at the start of a line.
    private mutating func skipPreamble() throws(MultipartMixedError) -> Bool {
        if startsWith(dashBoundary, at: start) {
            start += dashBoundary.count
            state = .boundaryLine
            return true
        }
        if let found = firstIndex(of: delimiter, from: max(start, searchFrom)) {
            start = found + delimiter.count
            searchFrom = start
            state = .boundaryLine
            return true
        }
        if isPastPartLimit { throw .partTooLarge(limit: maximumPartSize) }
        // A delimiter may begin in the bytes already searched: look again from there next time.
        searchFrom = max(start, buffer.count - delimiter.count + 1)
        return false
    }

    /// After a boundary: `--` closes the body; otherwise whitespace, then the line's end.
    private mutating func readBoundaryLine() throws(MultipartMixedError) -> Bool {
        guard buffer.count - start >= 2 else { return false }
        if buffer[start] == UInt8(ascii: "-"), buffer[start + 1] == UInt8(ascii: "-") {
            state = .epilogue
            start = buffer.count
            return true
        }
        var index = start
        while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index + 1 < buffer.count else {
            if index - start > Self.maximumHeaderSize { throw .malformedBoundaryLine }
            return false
        }
        guard buffer[index] == UInt8(ascii: "\r"), buffer[index + 1] == UInt8(ascii: "\n") else {
            throw .malformedBoundaryLine
        }
        start = index + 2
        state = .headers
        return true
    }

    /// Reads header lines up to the blank line; a part may have none. Each line is checked to
    /// be `name: value`; names and values are read only when a caller asks.
    private mutating func readHeaders() throws(MultipartMixedError) -> Bool {
        if startsWith(Self.lineEnd, at: start) {
            start += 2
            searchFrom = start
            state = .content(headerBlock: Data())
            return true
        }
        guard let end = firstIndex(of: Self.blankLine, from: start) else {
            if buffer.count - start > Self.maximumHeaderSize { throw .headersTooLarge(limit: Self.maximumHeaderSize) }
            return false
        }
        guard end - start <= Self.maximumHeaderSize else { throw .headersTooLarge(limit: Self.maximumHeaderSize) }
        try checkHeaderLines(in: start..<end)
        state = .content(headerBlock: Data(buffer[start..<end]))
        start = end + Self.blankLine.count
        searchFrom = start
        return true
    }

    /// Checks that each line in `range` has a name before a colon.
    private func checkHeaderLines(in range: Range<Int>) throws(MultipartMixedError) {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = firstIndex(of: Self.lineEnd, from: lineStart).map { min($0, range.upperBound) } ?? range.upperBound
            var index = lineStart
            while index < lineEnd, buffer[index] != UInt8(ascii: ":") { index += 1 }
            let name = buffer[lineStart..<min(index, lineEnd)]
            if index == lineEnd || name.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                throw .malformedHeader(String(decoding: buffer[lineStart..<lineEnd], as: UTF8.self))
            }
            lineStart = lineEnd + Self.lineEnd.count
        }
    }

    /// Reads a part's content up to the next delimiter, and ends the part there.
    private mutating func readContent(headerBlock: Data) throws(MultipartMixedError) -> Step {
        guard let end = firstIndex(of: delimiter, from: max(start, searchFrom)) else {
            if isPastPartLimit { throw .partTooLarge(limit: maximumPartSize) }
            searchFrom = max(start, buffer.count - delimiter.count + 1)
            return .needsMoreBytes
        }
        guard end - start <= maximumPartSize else { throw .partTooLarge(limit: maximumPartSize) }
        let part = MultipartPart(headerBlock: headerBlock, body: Data(buffer[start..<end]))
        start = end + delimiter.count
        searchFrom = start
        state = .boundaryLine
        return .part(part)
    }

    private static let lineEnd: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    private static let blankLine: [UInt8] = Array("\r\n\r\n".utf8)

    /// Whether the bytes held since `start`, less those that may begin the next delimiter, are
    /// more than a part may have: the same verdict however the bytes were cut.
    private var isPastPartLimit: Bool {
        buffer.count - start - (delimiter.count - 1) > maximumPartSize
    }

    private func startsWith(_ pattern: [UInt8], at index: Int) -> Bool {
        guard buffer.count - index >= pattern.count else { return false }
        for offset in pattern.indices where buffer[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    /// The index where `pattern` first occurs in the buffer at or after `from`: `memchr` for its
    /// first byte, then a comparison, so a long part is searched at memory speed.
    private func firstIndex(of pattern: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first, from >= 0, buffer.count - from >= pattern.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let last = bytes.count - pattern.count
            var index = from
            while index <= last {
                guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let matches = pattern.withUnsafeBufferPointer { pattern in
                    pattern.baseAddress.map { memcmp(base + position, $0, pattern.count) == 0 } ?? false
                }
                if matches { return position }
                index = position + 1
            }
            return nil
        }
    }

    /// Drops the bytes already read once they are most of the buffer, so the buffer holds
    /// about one part at a time.
    private mutating func compact() {
        guard start > 0, start >= buffer.count / 2 else { return }
        buffer.removeFirst(start)
        searchFrom = max(searchFrom - start, 0)
        start = 0
    }
}

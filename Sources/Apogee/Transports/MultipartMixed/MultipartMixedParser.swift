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
///
/// A part that lies whole in one piece given to ``consume(_:)-(Data)`` is read in place: its
/// ``MultipartPart/body`` is a slice of that piece, sharing its storage. Only the bytes of a
/// part cut across pieces are copied.
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
        /// A part's content, up to the next boundary, after its header block (`headerBlock`).
        case content
        /// After the closing boundary.
        case epilogue
    }

    /// `--` and the boundary.
    private let dashBoundary: [UInt8]
    /// CRLF, `--` and the boundary: what ends a part's content.
    private let delimiter: [UInt8]
    private let maximumPartSize: Int
    private var state = State.preamble
    /// The header block of the part being read, or of the last part. Servers repeat the same
    /// block for every part: one that matches it byte for byte is neither checked nor copied again.
    private var headerBlock = Data()
    /// `headerBlock`'s bytes, to compare the next block with: reading a `Data` costs more.
    private var headerBlockBytes: [UInt8] = []
    /// The bytes of the element under way when the last piece ended: everything received and
    /// not yet read. Empty when the last piece ended between elements.
    private var carry: [UInt8] = []
    /// Where the look for the next delimiter goes on, past what was searched already; an offset
    /// in the bytes being read (`carry` between pieces).
    private var searchFrom = 0
    /// How many parts the last piece completed: room for a few more is made for the next one's,
    /// as pieces of one size hold about as many parts each.
    private var partsPerPiece = 0

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
        if isComplete { return [] }
        if let piece = bytes as? Data { return try consume(piece) }
        return try consume(Data(bytes))
    }

    /// Feeds a piece of the body and returns the parts it completes, in order.
    ///
    /// The body of a part that lies whole in `piece` is a slice of it: it shares the piece's
    /// storage rather than copying it, and its indices are the piece's.
    public mutating func consume(_ piece: Data) throws(MultipartMixedError) -> [MultipartPart] {
        if isComplete { return [] }
        var parts: [MultipartPart] = []
        if partsPerPiece > 0 { parts.reserveCapacity(partsPerPiece + partsPerPiece / 8 + 1) }
        // `Data.withUnsafeBytes` rethrows untyped errors: the typed one travels in a `Result`.
        let result = piece.withUnsafeBytes { raw in
            Result { () throws(MultipartMixedError) in
                try read(raw.assumingMemoryBound(to: UInt8.self), of: piece, into: &parts)
            }
        }
        try result.get()
        partsPerPiece = parts.count
        return parts
    }

    /// Says whether the body ended where it may: after its closing boundary.
    /// - Throws: ``MultipartMixedError/endedBeforeClosingBoundary`` otherwise.
    public func finish() throws(MultipartMixedError) {
        guard isComplete else { throw .endedBeforeClosingBoundary }
    }

    /// Reads the parts in `bytes`, the contents of `piece`: first the element that the carried
    /// bytes began, then the rest in the piece itself, and carries what is left undecided.
    private mutating func read(
        _ bytes: UnsafeBufferPointer<UInt8>,
        of piece: Data,
        into parts: inout [MultipartPart]
    ) throws(MultipartMixedError) {
        var start = 0
        if !carry.isEmpty {
            guard let resumed = try finishCarriedElement(with: bytes, into: &parts) else { return }
            start = resumed
        }
        try readElements(in: bytes, start: &start, slicing: piece, isPartial: false, into: &parts)
        if isComplete { return }
        carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        searchFrom = max(searchFrom - start, 0)
    }

    /// Appends to the carried bytes as much of `bytes` as the element under way needs, and
    /// reads on there. Returns where reading goes on in `bytes` once the carried bytes are read,
    /// or `nil` when all of `bytes` went to the carry or the body is complete.
    private mutating func finishCarriedElement(
        with bytes: UnsafeBufferPointer<UInt8>,
        into parts: inout [MultipartPart]
    ) throws(MultipartMixedError) -> Int? {
        // The carry is moved out of `self` while it is read, as reading changes `self`.
        var carried = carry
        carry = []
        let carriedCount = carried.count
        var appended = 0
        var start = 0
        while true {
            let count = bytesNeeded(from: bytes, after: appended)
            carried.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[appended..<appended + count]))
            appended += count
            let isPartial = appended < bytes.count
            let result = carried.withUnsafeBufferPointer { buffer in
                Result { () throws(MultipartMixedError) in
                    try readElements(in: buffer, start: &start, slicing: nil, isPartial: isPartial, into: &parts)
                }
            }
            try result.get()
            if isComplete { return nil }
            if start >= carriedCount {
                // The carried element is read, and what followed it came from the piece: go on
                // in the piece, where the rest of it is.
                searchFrom = max(searchFrom - carriedCount, 0)
                carried.removeAll(keepingCapacity: true)
                carry = carried
                return start - carriedCount
            }
            if !isPartial {
                carried.removeFirst(start)
                searchFrom = max(searchFrom - start, 0)
                carry = carried
                return nil
            }
        }
    }

    /// How many of `bytes` from `offset` on to append to the carry so that the element under way
    /// may end: at first as many as a delimiter cut by the piece's start needs, then up to the end
    /// of what ends the element, or all of them.
    private func bytesNeeded(from bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int {
        let remaining = bytes.count - offset
        if offset == 0 { return min(remaining, delimiter.count) }
        let end: Int?
        switch state {
        case .preamble, .content: end = Self.end(of: delimiter, in: bytes, after: offset)
        case .headers: end = Self.end(of: Self.blankLine, in: bytes, after: offset)
        case .boundaryLine: end = Self.end(of: Self.lineFeed, in: bytes, after: offset)
        case .epilogue: end = nil
        }
        return (end ?? bytes.count) - offset
    }

    /// Where the first `pattern` ending after `offset` ends in `bytes`.
    private static func end(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int? {
        pattern.withUnsafeBufferPointer { pattern in
            firstIndex(of: pattern, in: bytes, from: max(offset - (pattern.count - 1), 0)).map { $0 + pattern.count }
        }
    }

    /// Reads elements from `start` until the bytes are not enough to go on.
    ///
    /// Parts' bodies are slices of `piece` when `bytes` are its contents, copies otherwise.
    /// When `isPartial`, more bytes are known to follow: the limits on what is not ended yet wait
    /// for them, so the verdict is the one all the bytes at hand give.
    private mutating func readElements(
        in bytes: UnsafeBufferPointer<UInt8>,
        start: inout Int,
        slicing piece: Data?,
        isPartial: Bool,
        into parts: inout [MultipartPart]
    ) throws(MultipartMixedError) {
        // Copies of the patterns: reading them through `self` would overlap the reading's changes to it.
        let delimiter = delimiter
        let dashBoundary = dashBoundary
        let done = delimiter.withUnsafeBufferPointer { delimiter in
            dashBoundary.withUnsafeBufferPointer { dashBoundary in
                Result { () throws(MultipartMixedError) in
                    let reader = Reader(bytes: bytes, delimiter: delimiter, dashBoundary: dashBoundary, isPartial: isPartial)
                    while true {
                        switch state {
                        case .preamble:
                            guard try skipPreamble(reader, start: &start) else { return }
                        case .boundaryLine:
                            guard try readBoundaryLine(reader, start: &start) else { return }
                        case .headers:
                            guard try readHeaders(reader, start: &start) else { return }
                        case .content:
                            guard let part = try readContent(reader, start: &start, slicing: piece) else { return }
                            parts.append(part)
                        case .epilogue:
                            return
                        }
                    }
                }
            }
        }
        try done.get()
    }

    /// The bytes being read and the patterns looked for in them.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let delimiter: UnsafeBufferPointer<UInt8>
        let dashBoundary: UnsafeBufferPointer<UInt8>
        /// Whether more bytes are known to follow these.
        let isPartial: Bool
    }

    /// Finds the first boundary: at the very start, or at the start of a line.
    private mutating func skipPreamble(_ reader: Reader, start: inout Int) throws(MultipartMixedError) -> Bool {
        // Before the first boundary `start` is the body's start: nothing is read until then.
        if Self.startsWith(reader.dashBoundary, in: reader.bytes, at: start) {
            start += reader.dashBoundary.count
            state = .boundaryLine
            return true
        }
        if let found = Self.firstIndex(of: reader.delimiter, in: reader.bytes, from: max(start, searchFrom)) {
            start = found + reader.delimiter.count
            searchFrom = start
            state = .boundaryLine
            return true
        }
        if !reader.isPartial, isPastPartLimit(reader, start: start) { throw .partTooLarge(limit: maximumPartSize) }
        // A delimiter may begin in the bytes already searched: look again from there next time.
        searchFrom = max(start, reader.bytes.count - reader.delimiter.count + 1)
        return false
    }

    /// After a boundary: `--` closes the body; otherwise whitespace, then the line's end.
    private mutating func readBoundaryLine(_ reader: Reader, start: inout Int) throws(MultipartMixedError) -> Bool {
        let bytes = reader.bytes
        guard bytes.count - start >= 2 else { return false }
        if bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: "-") {
            state = .epilogue
            start = bytes.count
            return true
        }
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index + 1 < bytes.count else {
            if !reader.isPartial, index - start > Self.maximumHeaderSize { throw .malformedBoundaryLine }
            return false
        }
        guard bytes[index] == UInt8(ascii: "\r"), bytes[index + 1] == UInt8(ascii: "\n") else {
            throw .malformedBoundaryLine
        }
        start = index + 2
        state = .headers
        return true
    }

    /// Reads header lines up to the blank line; a part may have none. Each line is checked to
    /// be `name: value`; names and values are read only when a caller asks.
    private mutating func readHeaders(_ reader: Reader, start: inout Int) throws(MultipartMixedError) -> Bool {
        let bytes = reader.bytes
        if bytes.count - start >= 2, bytes[start] == UInt8(ascii: "\r"), bytes[start + 1] == UInt8(ascii: "\n") {
            start += 2
            searchFrom = start
            headerBlock = Data()
            headerBlockBytes = []
            state = .content
            return true
        }
        if let end = repeatedHeaderBlockEnd(in: bytes, at: start) {
            start = end + Self.blankLine.count
            searchFrom = start
            state = .content
            return true
        }
        let found = Self.blankLine.withUnsafeBufferPointer { Self.firstIndex(of: $0, in: bytes, from: start) }
        guard let end = found else {
            if !reader.isPartial, bytes.count - start > Self.maximumHeaderSize {
                throw .headersTooLarge(limit: Self.maximumHeaderSize)
            }
            return false
        }
        guard end - start <= Self.maximumHeaderSize else { throw .headersTooLarge(limit: Self.maximumHeaderSize) }
        let block = UnsafeBufferPointer(rebasing: bytes[start..<end])
        try Self.checkHeaderLines(block)
        headerBlock = Data(buffer: block)
        headerBlockBytes = Array(block)
        start = end + Self.blankLine.count
        searchFrom = start
        state = .content
        return true
    }

    /// Where the header block at `start` ends when it is the last part's, byte for byte, and the
    /// blank line follows it: then it is the first blank line, as it was in the last part.
    private func repeatedHeaderBlockEnd(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let count = headerBlockBytes.count
        guard count > 0, bytes.count - start >= count + 4, let base = bytes.baseAddress else { return nil }
        let end = start + count
        guard bytes[end] == UInt8(ascii: "\r"), bytes[end + 1] == UInt8(ascii: "\n"),
              bytes[end + 2] == UInt8(ascii: "\r"), bytes[end + 3] == UInt8(ascii: "\n")
        else { return nil }
        let matches = headerBlockBytes.withUnsafeBufferPointer { last in
            last.baseAddress.map { memcmp(base + start, $0, count) == 0 } ?? false
        }
        return matches ? end : nil
    }

    /// Checks that each line of `block` has a name before a colon.
    private static func checkHeaderLines(_ block: UnsafeBufferPointer<UInt8>) throws(MultipartMixedError) {
        var lineStart = 0
        while lineStart < block.count {
            let lineEnd = Self.lineEnd.withUnsafeBufferPointer { firstIndex(of: $0, in: block, from: lineStart) } ?? block.count
            var index = lineStart
            while index < lineEnd, block[index] != UInt8(ascii: ":") { index += 1 }
            let name = block[lineStart..<min(index, lineEnd)]
            if index == lineEnd || name.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                throw .malformedHeader(String(decoding: UnsafeBufferPointer(rebasing: block[lineStart..<lineEnd]), as: UTF8.self))
            }
            lineStart = lineEnd + Self.lineEnd.count
        }
    }

    /// Reads a part's content up to the next delimiter, and ends the part there.
    private mutating func readContent(_ reader: Reader, start: inout Int, slicing piece: Data?) throws(MultipartMixedError) -> MultipartPart? {
        let bytes = reader.bytes
        guard let end = Self.firstIndex(of: reader.delimiter, in: bytes, from: max(start, searchFrom)) else {
            if !reader.isPartial, isPastPartLimit(reader, start: start) { throw .partTooLarge(limit: maximumPartSize) }
            searchFrom = max(start, bytes.count - reader.delimiter.count + 1)
            return nil
        }
        guard end - start <= maximumPartSize else { throw .partTooLarge(limit: maximumPartSize) }
        let body: Data
        if let piece {
            body = piece[piece.startIndex + start..<piece.startIndex + end]
        } else {
            body = Data(buffer: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        let part = MultipartPart(headerBlock: headerBlock, body: body)
        start = end + reader.delimiter.count
        searchFrom = start
        state = .boundaryLine
        return part
    }

    private static let lineEnd: [UInt8] = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    private static let blankLine: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lineFeed: [UInt8] = [UInt8(ascii: "\n")]

    /// Whether the bytes held since `start`, less those that may begin the next delimiter, are
    /// more than a part may have: the same verdict however the bytes were cut.
    private func isPastPartLimit(_ reader: Reader, start: Int) -> Bool {
        reader.bytes.count - start - (reader.delimiter.count - 1) > maximumPartSize
    }

    private static func startsWith(_ pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes.count - index >= pattern.count else { return false }
        guard let base = bytes.baseAddress, let patternBase = pattern.baseAddress else { return true }
        return memcmp(base + index, patternBase, pattern.count) == 0
    }

    /// The index where `pattern` first occurs in `bytes` at or after `from`: `memchr` for its
    /// first byte, then a comparison, so a long part is searched at memory speed.
    private static func firstIndex(of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = pattern.first, let patternBase = pattern.baseAddress, let base = bytes.baseAddress,
              from >= 0, bytes.count - from >= pattern.count
        else { return nil }
        let last = bytes.count - pattern.count
        var index = from
        while index <= last {
            guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, patternBase, pattern.count) == 0 { return position }
            index = position + 1
        }
        return nil
    }
}

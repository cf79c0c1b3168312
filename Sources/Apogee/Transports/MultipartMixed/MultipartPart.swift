import Foundation

/// One part of a `multipart/mixed` body: its header fields and its content.
///
/// The header fields are kept as the bytes that came, checked to be `name: value` lines, and
/// read into names and values only when asked: readers of GraphQL payloads look at the content
/// alone, and a stream of many small parts should not pay for headers no one reads.
public struct MultipartPart: Sendable, Equatable {
    /// The header block's bytes, without the blank line that ends it.
    let headerBlock: Data
    /// The part's content.
    ///
    /// It may be a slice of the bytes received, sharing their storage rather than copying them:
    /// its `startIndex` need not be 0, so index it from `startIndex`, or read it as a collection.
    public var body: Data

    init(headerBlock: Data, body: Data) {
        self.headerBlock = headerBlock
        self.body = body
    }

    /// The header fields in order, names in lower case, values without surrounding whitespace.
    public var headers: [(name: String, value: String)] {
        guard !headerBlock.isEmpty else { return [] }
        return String(decoding: headerBlock, as: UTF8.self).split(separator: "\r\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                line[..<colon].trimmingCharacters(in: .whitespaces).lowercased(),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    /// The value of the first header field named `name` (any case), if there is one.
    public func header(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return headers.first { $0.name == lowercased }?.value
    }
}

/// Why a `multipart/mixed` body could not be read.
public struct MultipartMixedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for logs and the error the transport makes of it.
    public let description: String

    /// A part, or the bytes before the first one, longer than the limit.
    public static func partTooLarge(limit: Int) -> Self {
        Self(description: "a multipart part longer than \(limit) bytes")
    }

    /// A part's header fields longer than the limit.
    public static func headersTooLarge(limit: Int) -> Self {
        Self(description: "multipart part headers longer than \(limit) bytes")
    }

    /// A header line that is not `name: value`.
    public static func malformedHeader(_ line: String) -> Self {
        Self(description: "a multipart part header that is not 'name: value': \(line.prefix(100))")
    }

    /// A boundary line followed by something other than the end of the line.
    public static var malformedBoundaryLine: Self {
        Self(description: "a multipart boundary line with more than whitespace after the boundary")
    }

    /// The body ended before its closing boundary: the last part may be cut short.
    public static var endedBeforeClosingBoundary: Self {
        Self(description: "the multipart body ended before its closing boundary")
    }
}

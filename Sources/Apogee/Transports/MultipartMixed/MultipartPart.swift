import Foundation

/// One part of a `multipart/mixed` body: its header fields and its bytes.
struct MultipartPart: Sendable, Equatable {
    /// The header fields in order, names in lower case, values without surrounding whitespace.
    var headers: [(name: String, value: String)]
    /// The part's content.
    var body: Data

    /// The value of the first header field named `name` (any case), if there is one.
    func header(_ name: String) -> String? {
        let lowercased = name.lowercased()
        return headers.first { $0.name == lowercased }?.value
    }

    static func == (lhs: MultipartPart, rhs: MultipartPart) -> Bool {
        lhs.body == rhs.body && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// Why a `multipart/mixed` body could not be read.
struct MultipartMixedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for logs and the error the transport makes of it.
    let description: String

    /// A part, or the bytes before the first one, longer than the limit.
    static func partTooLarge(limit: Int) -> Self {
        Self(description: "a multipart part longer than \(limit) bytes")
    }

    /// A part's header fields longer than the limit.
    static func headersTooLarge(limit: Int) -> Self {
        Self(description: "multipart part headers longer than \(limit) bytes")
    }

    /// A header line that is not `name: value`.
    static func malformedHeader(_ line: String) -> Self {
        Self(description: "a multipart part header that is not 'name: value': \(line.prefix(100))")
    }

    /// A boundary line followed by something other than the end of the line.
    static var malformedBoundaryLine: Self {
        Self(description: "a multipart boundary line with more than whitespace after the boundary")
    }

    /// The body ended before its closing boundary: the last part may be cut short.
    static var endedBeforeClosingBoundary: Self {
        Self(description: "the multipart body ended before its closing boundary")
    }
}

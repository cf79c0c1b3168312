import GraphQL

/// Descriptions on operations and fragments (`"Doc." query Q { … }`), which the September
/// 2025 specification allows and GraphQLSwift's parser refuses.
///
/// Before parsing, each such description is blanked out of the text: its bytes become spaces
/// (line breaks stay), so every offset, line and column in the file is unchanged. Its value is
/// kept by the place where its definition starts, for a doc comment on the generated type.
struct DefinitionDescriptions: Sendable {
    /// The descriptions by where their definitions start: the offset of the first token.
    private(set) var byPlace: [SourcePlace: String] = [:]

    /// The description of the definition at `location`, if it has one.
    func description(at location: Location?) -> String? {
        SourcePlace(location).flatMap { byPlace[$0] }
    }

    /// The text of `file` with the descriptions of its operations and fragments blanked out;
    /// their values are kept.
    mutating func strip(_ file: OperationFile) -> String {
        var bytes = Array(file.text.utf8)
        var scanner = TopLevelScanner(bytes: bytes)
        var pendingString: Range<Int>?
        while let token = scanner.next() {
            switch token {
            case .string(let range):
                pendingString = range
            case .name(let range):
                defer { pendingString = nil }
                guard let description = pendingString, Self.keywords.contains(String(decoding: bytes[range], as: UTF8.self)),
                      let value = Self.value(of: bytes[description]) else { continue }
                byPlace[SourcePlace(file: file.path, offset: range.lowerBound)] = value
                for index in description where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
                    bytes[index] = UInt8(ascii: " ")
                }
            case .other:
                pendingString = nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keywords that start a definition a description may precede in an operation file.
    private static let keywords: Set<String> = ["query", "mutation", "subscription", "fragment"]

    /// A string's value as GraphQL reads it (escapes, a block string's indentation), through
    /// GraphQLSwift's parser, which reads descriptions of type definitions; `nil` when the
    /// string is malformed, so that it stays and the parser reports it.
    private static func value(of literal: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: literal, as: UTF8.self) + "\nscalar Described"
        guard let document = try? parse(source: Source(body: text, name: "description")),
              let scalar = document.definitions.first as? ScalarTypeDefinition else { return nil }
        return scalar.description?.value
    }
}

/// The tokens of a document outside every bracket, without recursion: strings and names at
/// the top level, and a mark for anything else there. What is inside brackets is skipped.
private struct TopLevelScanner {
    enum Token {
        case string(Range<Int>)
        case name(Range<Int>)
        case other
    }

    let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> Token? {
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            case UInt8(ascii: "\""):
                guard let end = stringEnd(from: index) else {
                    // Not closed: the parser reports it.
                    index = bytes.count
                    return nil
                }
                index = end
                if depth == 0 { return .string(start..<end) }
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
                index += 1
                if depth == 1 { return .other }
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                index += 1
            default:
                guard Self.startsName(byte) else {
                    index += 1
                    if depth == 0 { return .other }
                    continue
                }
                while index < bytes.count, Self.startsName(bytes[index]) || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) {
                    index += 1
                }
                if depth == 0 { return .name(start..<index) }
            }
        }
        return nil
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// The index after the string or block string that starts at `start`, or `nil` when it is
    /// not closed.
    private func stringEnd(from start: Int) -> Int? {
        let quote = UInt8(ascii: "\"")
        let isBlock = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isBlock ? 3 : 1)
        while index < bytes.count {
            let byte = bytes[index]
            if isBlock {
                if byte == UInt8(ascii: "\\"), index + 3 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote, bytes[index + 3] == quote {
                    index += 4
                    continue
                }
                if byte == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            } else {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == quote { return index + 1 }
            }
            index += 1
        }
        return nil
    }
}

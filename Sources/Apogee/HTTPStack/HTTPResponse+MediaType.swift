import Foundation
import HTTPTypes

extension HTTPResponse {
    /// The media type of the body: `Content-Type` without its parameters, trimmed and
    /// lowercased; `nil` without the field.
    ///
    /// Read from the field's bytes rather than with Foundation's character sets, which made
    /// this a tenth of a mutation's client-side time.
    var mediaType: String? {
        guard let type = mediaTypeBytes else { return nil }
        let text = String(decoding: type, as: UTF8.self)
        return type.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? text.lowercased() : text
    }

    /// Whether the body's media type is `lowercasedType`, compared without regard to case
    /// and without making a string: what every response is asked first.
    func hasMediaType(_ lowercasedType: StaticString) -> Bool {
        guard let type = mediaTypeBytes, type.count == lowercasedType.utf8CodeUnitCount else { return false }
        return lowercasedType.withUTF8Buffer { expected in
            // ASCII letters differ from their capitals in one bit; other bytes must match as they are.
            zip(type, expected).allSatisfy { byte, wanted in
                byte == wanted || (wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z") && byte | 0x20 == wanted)
            }
        }
    }

    /// The bytes of `Content-Type` before its parameters, trimmed; `nil` without the field.
    private var mediaTypeBytes: Substring.UTF8View? {
        // The first field only: the subscript would join repeated fields into a new string.
        guard let contentType = headerFields.first(where: { $0.name == .contentType })?.value else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var type = Substring(contentType).utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = type.first, isSpace(first) { type = type.dropFirst() }
        while let last = type.last, isSpace(last) { type = type.dropLast() }
        return type
    }
}

extension HTTPResponse {
    /// The value of a parameter of `Content-Type` (`boundary` of `multipart/mixed`, say),
    /// unquoted; `name` is matched without regard to case. `nil` when the field or the
    /// parameter is absent.
    func mediaTypeParameter(_ name: String) -> String? {
        guard let contentType = headerFields.first(where: { $0.name == .contentType })?.value else { return nil }
        let wanted = name.lowercased()
        return Self.parameters(ofMediaType: contentType).first { $0.name.lowercased() == wanted }?.value
    }

    /// The parameters after a media type's `;`s, in order: `name=value` or
    /// `name="quoted value"`, where a quoted value may hold `;` and `\"`.
    ///
    /// Read as bytes: the field is ASCII but for a quoted value's contents, and every response
    /// of an incremental delivery has its boundary read from it.
    static func parameters(ofMediaType field: String) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        let bytes = Array(field.utf8)
        guard var index = bytes.firstIndex(of: UInt8(ascii: ";")) else { return [] }
        index += 1
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func trimmed(_ range: Range<Int>) -> String {
            var range = range
            while let first = range.first, isSpace(bytes[first]) { range = range.dropFirst() }
            while let last = range.last, isSpace(bytes[last]) { range = range.dropLast() }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        while index < bytes.count {
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";") { index += 1 }
            let name = trimmed(nameStart..<index)
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    var unquoted: [UInt8] = []
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                        unquoted.append(bytes[index])
                        index += 1
                    }
                    value = String(decoding: unquoted, as: UTF8.self)
                    while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
                } else {
                    let valueStart = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
                    value = trimmed(valueStart..<index)
                }
            }
            index += 1  // the `;`
            if !name.isEmpty { parameters.append((name, value)) }
        }
        return parameters
    }
}

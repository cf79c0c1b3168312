import Foundation
import HTTPTypes

extension HTTPResponse {
    /// The media type of the body: `Content-Type` without its parameters, trimmed and
    /// lowercased; `nil` without the field.
    ///
    /// Read from the field's bytes rather than with Foundation's character sets, which made
    /// this a tenth of a mutation's client-side time.
    var mediaType: String? {
        // The first field only: the subscript would join repeated fields into a new string.
        guard let contentType = headerFields.first(where: { $0.name == .contentType })?.value else { return nil }
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = type.first, isSpace(first) { type = type.dropFirst() }
        while let last = type.last, isSpace(last) { type = type.dropLast() }
        return String(decoding: type, as: UTF8.self).lowercased()
    }
}

extension HTTPResponse {
    /// The value of a parameter of `Content-Type` (`boundary` of `multipart/mixed`, say),
    /// unquoted; `name` is matched without regard to case. `nil` when the field or the
    /// parameter is absent.
    func mediaTypeParameter(_ name: String) -> String? {
        guard let contentType = headerFields.first(where: { $0.name == .contentType })?.value else { return nil }
        return Self.parameters(ofMediaType: contentType).first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The parameters after a media type's `;`s, in order: `name=value` or
    /// `name="quoted value"`, where a quoted value may hold `;` and `\"`.
    static func parameters(ofMediaType field: String) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        var rest = Substring(field)
        guard let firstSemicolon = rest.firstIndex(of: ";") else { return [] }
        rest = rest[rest.index(after: firstSemicolon)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let name = rest.prefix { $0 != "=" && $0 != ";" }
            rest = rest.dropFirst(name.count)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    while let character = rest.first, character != "\"" {
                        rest = rest.dropFirst()
                        if character == "\\", let escaped = rest.first {
                            value.append(escaped)
                            rest = rest.dropFirst()
                        } else {
                            value.append(character)
                        }
                    }
                    rest = rest.dropFirst()
                    rest = rest.drop { $0 != ";" }
                } else {
                    let token = rest.prefix { $0 != ";" }
                    rest = rest.dropFirst(token.count)
                    value = token.trimmingCharacters(in: .whitespaces)
                }
            }
            rest = rest.dropFirst()  // the `;`
            let trimmedName = name.trimmingCharacters(in: .whitespaces)
            if !trimmedName.isEmpty { parameters.append((trimmedName, value)) }
        }
        return parameters
    }
}

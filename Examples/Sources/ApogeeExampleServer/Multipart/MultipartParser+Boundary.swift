import Foundation

extension MultipartParser {
    /// The boundary of a `multipart/form-data` content type, or `nil` when it is not one.
    static func boundary(ofContentType contentType: String) -> String? {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            var value = parameter.dropFirst("boundary=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// The `name` and `filename` of a part's `Content-Disposition` header.
    ///
    /// Read scalar by scalar, not by `Character`: a name may start with a combining mark,
    /// which would join the opening quote into one character.
    static func disposition(_ headers: [String: String]) -> (name: String?, fileName: String?) {
        guard let header = headers["content-disposition"] else { return (nil, nil) }
        var name: String?
        var fileName: String?
        for parameter in parameters(of: header) {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let key = String(String.UnicodeScalarView(parameter[..<equals])).trimmingCharacters(in: .whitespaces).lowercased()
            var value = String.UnicodeScalarView(parameter[parameter.index(after: equals)...])
            while value.first == " " { value.removeFirst() }
            while value.last == " " { value.removeLast() }
            if value.count >= 2, value.first == "\"", value.last == "\"" {
                value = String.UnicodeScalarView(value.dropFirst().dropLast())
            }
            if key == "name" { name = String(value) }
            if key == "filename" { fileName = String(value) }
        }
        return (name, fileName)
    }

    /// The `;`-separated parameters of a header value. A `;` inside a quoted string belongs to
    /// the value: `filename="a;b.txt"` is one parameter.
    private static func parameters(of header: String) -> [Substring.UnicodeScalarView] {
        var parameters: [Substring.UnicodeScalarView] = []
        let scalars = header.unicodeScalars
        var start = scalars.startIndex
        var isQuoted = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            switch scalars[index] {
            case "\"": isQuoted.toggle()
            case ";" where !isQuoted:
                parameters.append(scalars[start..<index])
                start = scalars.index(after: index)
            default: break
            }
            index = scalars.index(after: index)
        }
        parameters.append(scalars[start...])
        return parameters
    }
}

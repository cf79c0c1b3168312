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
    static func disposition(_ headers: [String: String]) -> (name: String?, fileName: String?) {
        guard let header = headers["content-disposition"] else { return (nil, nil) }
        var name: String?
        var fileName: String?
        for parameter in header.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let key = parameter[..<equals].lowercased()
            var value = parameter[parameter.index(after: equals)...]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            if key == "name" { name = String(value) }
            if key == "filename" { fileName = String(value) }
        }
        return (name, fileName)
    }
}

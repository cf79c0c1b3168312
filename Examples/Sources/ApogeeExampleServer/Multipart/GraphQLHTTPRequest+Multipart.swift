import ApogeeAPI

extension GraphQLHTTPRequest {
    /// The request a multipart body describes: `operations` with each file's key written where
    /// `map` says the file goes, so the `Upload` scalar can find the file by that key.
    init(multipart contents: MultipartRequestReader.Contents) throws(RequestRejection) {
        let operations = try Self.parseField(contents.operations, name: "operations")
        guard case .object = operations else {
            throw RequestRejection(status: .badRequest, message: "operations must be one request object; batched requests are not supported.")
        }
        guard case .object(let map) = try Self.parseField(contents.map, name: "map") else {
            throw RequestRejection(status: .badRequest, message: "map must be an object from file field names to lists of paths.")
        }
        var filled = operations
        for (key, paths) in map.sorted(by: { $0.key < $1.key }) {
            guard contents.files[key] != nil else {
                throw RequestRejection(status: .badRequest, message: "map names the file \"\(key)\", but no such file was sent.")
            }
            guard let paths = paths.arrayValue?.compactMap(\.stringValue), !paths.isEmpty else {
                throw RequestRejection(status: .badRequest, message: "map entry \"\(key)\" must be a list of paths.")
            }
            for path in paths {
                let segments = path.split(separator: ".", omittingEmptySubsequences: false)
                guard segments.first == "variables", segments.count > 1,
                    let updated = filled.setting(.string(key), at: segments[...])
                else {
                    throw RequestRejection(status: .badRequest, message: "map path \"\(path)\" does not name a variable of operations.")
                }
                filled = updated
            }
        }
        try self.init(json: filled)
        uploads = contents.files
    }

    private static func parseField(_ bytes: [UInt8], name: String) throws(RequestRejection) -> JSONValue {
        guard !bytes.isEmpty else {
            throw RequestRejection(status: .badRequest, message: "The multipart request has no \(name) field; the spec asks for operations, then map, then the files.")
        }
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            throw RequestRejection(status: .badRequest, message: "The \(name) field is not valid JSON: \(error)")
        }
    }
}

extension JSONValue {
    /// A copy with `value` at `path` (object keys, list indexes), or `nil` when a list index
    /// does not exist or a step goes into a scalar.
    func setting(_ value: JSONValue, at path: ArraySlice<Substring>) -> JSONValue? {
        guard let step = path.first else { return value }
        switch self {
        case .object(var object):
            let key = String(step)
            guard let child = (object[key] ?? .null).setting(value, at: path.dropFirst()) else { return nil }
            object[key] = child
            return .object(object)
        case .array(var array):
            guard let index = Int(step), array.indices.contains(index),
                let child = array[index].setting(value, at: path.dropFirst())
            else { return nil }
            array[index] = child
            return .array(array)
        default:
            return nil
        }
    }
}

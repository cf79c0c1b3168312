@testable import ApogeeAPI
import Foundation

/// Builds GraphQL multipart request bodies by hand, as the spec lays them out, so the server is
/// tested without any client code of ours.
struct MultipartBody {
    struct File {
        let field: String
        let fileName: String
        let mimeType: String
        let bytes: [UInt8]
    }

    let boundary: String

    init(boundary: String = "----ApogeeBoundary\(UInt32.random(in: 0 ... .max))") {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    func encode(operations: JSONValue, map: JSONValue, files: [File]) -> Data {
        var body = Data()
        func text(_ string: String) { body.append(Data(string.utf8)) }
        text("--\(boundary)\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n")
        body.append(Data(operations.serialized()))
        text("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n")
        body.append(Data(map.serialized()))
        for file in files {
            text("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.fileName)\"\r\n")
            text("Content-Type: \(file.mimeType)\r\n\r\n")
            body.append(contentsOf: file.bytes)
        }
        text("\r\n--\(boundary)--\r\n")
        return body
    }
}

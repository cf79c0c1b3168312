import ApogeeAPI
import Foundation
import HTTPTypes

extension GraphQLRequest {
    /// The multipart `POST` that carries a request with files, its body streamed from disk.
    ///
    /// It always carries the document: a request sent by hash alone could be answered
    /// `PersistedQueryNotFound`, and the files would have to be sent a second time.
    func multipartRequest() throws -> HTTPTransportRequest {
        var body = self.body
        if body.query == nil {
            body.query = Operation.document
        }
        let multipart = try body.multipartBody(uploadProgress: context.uploadProgress)
        var headers = headers
        headers[.contentType] = multipart.contentType
        if let preflight = context.uploadPreflightHeader, headers[preflight.name] == nil {
            headers.append(preflight.field(operationName: body.operationName))
        }
        return HTTPTransportRequest(method: .post, url: url, headers: headers, body: multipart.body, timeout: timeout)
    }
}

import Hummingbird
import HTTPTypes

/// Thrown by a truncating body writer so Hummingbird closes the connection mid-response.
struct InjectedConnectionClose: Error {}

extension ExampleServerFault.Action {
    /// The response this fault answers with; `nil` when the request should be served normally.
    func response() async throws -> Response? {
        switch self {
        case .respond(let status, let headers, let body):
            return Response(
                status: HTTPResponse.Status(code: status),
                headers: Self.fields(headers),
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        case .truncate(let status, let headers, let declaredLength, let partialBody):
            var fields = Self.fields(headers)
            fields[.contentLength] = String(declaredLength)
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: partialBody))
                throw InjectedConnectionClose()
            }
            return Response(status: HTTPResponse.Status(code: status), headers: fields, body: body)
        case .stall(let status, let headers, let declaredLength, let partialBody, let duration):
            var fields = Self.fields(headers)
            fields[.contentLength] = String(declaredLength)
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: partialBody))
                try await Task.sleep(for: duration)
                throw InjectedConnectionClose()
            }
            return Response(status: HTTPResponse.Status(code: status), headers: fields, body: body)
        case .delay(let duration, let then):
            try await Task.sleep(for: duration)
            return try await then?.response()
        case .addHeaders, .incremental, .multipartSubscription:
            return nil
        case .drip(let status, let headers, let body, let interval):
            var fields = Self.fields(headers)
            fields[.contentLength] = String(body.count)
            let dripped = ResponseBody { writer in
                for byte in body {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await Task.sleep(for: interval)
                }
                try await writer.finish(nil)
            }
            return Response(status: HTTPResponse.Status(code: status), headers: fields, body: dripped)
        }
    }

    /// Adds the fields of an ``addHeaders(_:)`` action to the normal answer.
    func addHeaders(to response: inout Response) {
        guard case .addHeaders(let headers) = self else { return }
        for field in Self.fields(headers) {
            response.headers[field.name] = field.value
        }
    }

    private static func fields(_ headers: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) {
                fields.append(HTTPField(name: name, value: value))
            }
        }
        return fields
    }
}

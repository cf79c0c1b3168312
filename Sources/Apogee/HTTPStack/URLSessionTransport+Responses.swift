import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The response of a data task that completed, or a typed error when it is not HTTP.
    static func response(data: Data, response: URLResponse, url: URL) throws -> HTTPTransportResponse {
        guard let response = response as? HTTPURLResponse else {
            throw ApogeeError.transport(TransportError(kind: .other, url: url, message: "the response is not an HTTP response"))
        }
        return HTTPTransportResponse(head: head(of: response), body: data)
    }

    static func head(of response: HTTPURLResponse) -> HTTPResponse {
        var fields = HTTPFields()
        for (key, value) in response.allHeaderFields {
            guard let key = key as? String, let name = HTTPField.Name(key) else { continue }
            fields.append(HTTPField(name: name, value: value as? String ?? "\(value)"))
        }
        return HTTPResponse(status: HTTPResponse.Status(code: response.statusCode), headerFields: fields)
    }

    /// Maps Foundation's errors to the kinds callers act on. A cancelled task becomes
    /// `CancellationError`: the transport only cancels tasks when the Swift task is cancelled.
    static func transportError(_ error: any Error, url: URL, timeout: Duration) -> any Error {
        guard let urlError = error as? URLError else {
            return ApogeeError.transport(TransportError(kind: .other, url: url, message: "\(error)"))
        }
        let kind: TransportError.Kind
        var message = urlError.underlyingMessage
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            kind = .timedOut
            message = "no response within \(timeout)"
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            kind = .cannotConnect
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            kind = .connectionLost
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected:
            kind = .secureConnectionFailed
        default:
            // libcurl reports a body cut short ("transfer closed with N bytes remaining") without
            // a more precise code; the message says it.
            kind = message.contains("transfer closed") ? .connectionLost : .other
        }
        return ApogeeError.transport(TransportError(kind: kind, url: url, message: message))
    }
}

extension URLError {
    /// The most specific description Foundation gives, which on Linux is libcurl's message.
    fileprivate var underlyingMessage: String {
        let userInfo = (self as NSError).userInfo
        if let description = userInfo[NSLocalizedDescriptionKey] as? String { return description }
        if let underlying = userInfo[NSUnderlyingErrorKey] as? NSError,
            let description = underlying.userInfo[NSLocalizedDescriptionKey] as? String
        {
            return description
        }
        return "URLError \(code.rawValue)"
    }
}

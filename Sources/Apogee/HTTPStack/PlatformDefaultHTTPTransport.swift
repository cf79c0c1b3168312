/// Makes the HTTP transport Apogee uses when it is given none: a ``URLSessionTransport``, on
/// every platform, so that an app links no SwiftNIO. A server or a Linux app that wants
/// SwiftNIO's stack names the `ApogeeAsyncHTTPClient` product and passes its
/// `AsyncHTTPClientTransport`.
public func platformDefaultHTTPTransport() -> any HTTPTransport {
    URLSessionTransport()
}

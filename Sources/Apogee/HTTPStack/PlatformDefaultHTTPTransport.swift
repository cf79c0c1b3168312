/// Makes the HTTP transport Apogee uses when it is given none: an ``AsyncHTTPClientTransport``
/// with a client of its own on Linux, where SwiftNIO is the native HTTP stack, and a
/// ``URLSessionTransport`` on Apple platforms, which link no NIO. Pass `URLSessionTransport()`
/// to a client to use `URLSession` on Linux too.
public func platformDefaultHTTPTransport() -> any HTTPTransport {
    #if canImport(AsyncHTTPClient)
    AsyncHTTPClientTransport()
    #else
    URLSessionTransport()
    #endif
}

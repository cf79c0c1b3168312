import Apogee
import Testing

/// The HTTP stacks a client can send over; tests of HTTP behaviour run on each, so both
/// transports keep the same rules.
enum HTTPStack: String, Sendable, CustomTestStringConvertible {
    /// `URLSessionTransport`: the default on Apple platforms, FoundationNetworking on Linux.
    case urlSession
    /// `AsyncHTTPClientTransport` on SwiftNIO: the default on Linux.
    case asyncHTTPClient

    /// Every stack this platform has.
    static var all: [HTTPStack] {
        #if os(Linux)
        [.asyncHTTPClient, .urlSession]
        #else
        [.urlSession]
        #endif
    }

    /// A new transport on this stack.
    func makeTransport() -> any HTTPTransport {
        switch self {
        case .urlSession:
            URLSessionTransport()
        case .asyncHTTPClient:
            #if os(Linux)
            AsyncHTTPClientTransport()
            #else
            URLSessionTransport()
            #endif
        }
    }

    var testDescription: String { rawValue }
}

@testable import Apogee
import ApogeeAsyncHTTPClient
import Testing

/// The HTTP stacks a client can send over; tests of HTTP behaviour run on each, so both
/// transports keep the same rules.
enum HTTPStack: String, Sendable, CustomTestStringConvertible {
    /// `URLSessionTransport`: the default, FoundationNetworking's on Linux.
    case urlSession
    /// `AsyncHTTPClientTransport` on SwiftNIO, from the ApogeeAsyncHTTPClient product.
    case asyncHTTPClient

    /// Every stack this platform has.
    static var all: [HTTPStack] {
        #if os(Linux)
        [.asyncHTTPClient, .urlSession]
        #else
        [.urlSession]
        #endif
    }

    /// The stack of tests that are not about one: SwiftNIO's where it runs. On Linux,
    /// FoundationNetworking's URLSession can stop the process when a task's cancellation races
    /// its completion ("Trying to access a behaviour for a task that in not in the registry",
    /// seen under the thread sanitizer); the tests of HTTP behaviour run on every stack of
    /// ``all`` still, URLSession included.
    static var native: HTTPStack {
        all[0]
    }

    /// A new transport on this stack, accepting bodies up to `maximumResponseSize` bytes (the
    /// transports' default unless given).
    func makeTransport(maximumResponseSize: Int? = nil) -> any HTTPTransport {
        switch self {
        case .urlSession:
            maximumResponseSize.map { URLSessionTransport(maximumResponseSize: $0) } ?? URLSessionTransport()
        case .asyncHTTPClient:
            #if os(Linux)
            maximumResponseSize.map { AsyncHTTPClientTransport(configuration: .init(maximumResponseSize: $0)) } ?? AsyncHTTPClientTransport()
            #else
            maximumResponseSize.map { URLSessionTransport(maximumResponseSize: $0) } ?? URLSessionTransport()
            #endif
        }
    }

    var testDescription: String { rawValue }
}

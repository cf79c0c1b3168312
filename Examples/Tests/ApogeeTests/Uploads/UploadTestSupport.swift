@testable import ApogeeAPI
@testable import Apogee
import ApogeeExampleServer
import Foundation
import Testing

extension ExampleServer {
    /// A client for this server's uploads endpoint, without retries.
    func uploadsClient(
        provider: any InterceptorProvider = DefaultInterceptorProvider(retry: nil),
        transport: any HTTPTransport = HTTPStack.native.makeTransport(),
        configuration: ApogeeClient.Configuration = ApogeeClient.Configuration()
    ) -> ApogeeClient {
        ApogeeClient(url: uploadsURL, interceptorProvider: provider, transport: transport, configuration: configuration)
    }

    /// The bytes the server stored for a received file.
    func storedBytes(of file: UploadedFile) throws -> [UInt8] {
        Array(try Data(contentsOf: file.storedAt))
    }
}

/// The hex SHA-256 of bytes, as the uploads schema reports it.
func sha256Hex(_ bytes: some Collection<UInt8>) -> String {
    SHA256.digest(bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// The ways an upload's body can leave: as AsyncHTTPClient's streamed body, or by one of
/// URLSession's strategies.
enum UploadTransport: Sendable, CustomTestStringConvertible {
    case asyncHTTPClient
    case urlSession(URLSessionTransport.StreamedBodyStrategy)

    /// Every way this platform has.
    static var all: [UploadTransport] {
        HTTPStack.all.flatMap { stack -> [UploadTransport] in
            switch stack {
            case .asyncHTTPClient: [.asyncHTTPClient]
            case .urlSession: [.urlSession(.bodyStream), .urlSession(.temporaryFile)]
            }
        }
    }

    /// The ways that report progress: on Linux, FoundationNetworking reports none for the
    /// temporary-file strategy (a known gap of the uploads issue).
    static var reportingProgress: [UploadTransport] {
        HTTPStack.all.map { $0 == .asyncHTTPClient ? .asyncHTTPClient : .urlSession(.platformDefault) }
    }

    func makeTransport() -> any HTTPTransport {
        switch self {
        case .asyncHTTPClient: HTTPStack.asyncHTTPClient.makeTransport()
        case .urlSession(let strategy): URLSessionTransport(streamedBodies: strategy)
        }
    }

    var testDescription: String {
        switch self {
        case .asyncHTTPClient: "asyncHTTPClient"
        case .urlSession(let strategy): "urlSession, \(strategy)"
        }
    }
}

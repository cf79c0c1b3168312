import Apogee
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

extension AsyncHTTPClientTransport {
    /// Maps SwiftNIO's and AsyncHTTPClient's errors to the kinds callers act on. A cancelled
    /// request becomes `CancellationError`: the transport only cancels when the task is
    /// cancelled. Errors that are already Apogee's, or that a body's source threw (a file that
    /// shrank), pass through unchanged.
    static func transportError(_ error: any Error, url: URL, timeout: Duration) -> any Error {
        func failure(_ kind: TransportError.Kind, _ message: String) -> any Error {
            ApogeeError.transport(TransportError(kind: kind, url: url, message: message))
        }
        switch error {
        case is CancellationError, is ApogeeError, is UploadError:
            return error
        case let error as HTTPClientError:
            switch error {
            case .cancelled, .requestStreamCancelled:
                return CancellationError()
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return failure(.timedOut, "no response within \(timeout)")
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return failure(.cannotConnect, "no connection within the connect timeout")
            case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
                return failure(.connectionLost, error.description)
            case .tlsHandshakeTimeout:
                return failure(.secureConnectionFailed, error.description)
            default:
                return failure(.other, error.description)
            }
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            return failure(.secureConnectionFailed, "\(error)")
        case let error as HTTPParserError:
            // A body cut short by a closed connection ends the parser's input early.
            return failure(error == .invalidEOFState ? .connectionLost : .other, "\(error)")
        case is NIOConnectionError:
            return failure(.cannotConnect, "\(error)")
        case let error as ChannelError:
            switch error {
            case .connectTimeout:
                return failure(.cannotConnect, "no connection within the connect timeout")
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return failure(.connectionLost, "\(error)")
            default:
                return failure(.other, "\(error)")
            }
        case let error as IOError:
            let refused = [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode)
            return failure(refused ? .cannotConnect : .connectionLost, "\(error)")
        default:
            return failure(.other, "\(error)")
        }
    }
}

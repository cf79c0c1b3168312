import Foundation

/// The largest whole response body both HTTP transports accept unless told otherwise: 64 MiB,
/// about a hundred times a large real GraphQL response, and little enough that a broken or
/// hostile server cannot take a phone's memory.
@usableFromInline package let defaultMaximumResponseSize = 64 << 20

extension ApogeeError {
    /// The error of a body past `limit`, the same from every transport.
    package static func responseTooLarge(url: URL, limit: Int) -> ApogeeError {
        .transport(TransportError(kind: .responseTooLarge, url: url, message: "the body is larger than the limit of \(limit) bytes (maximumResponseSize)"))
    }
}

import Foundation

/// The bytes of an HTTP request body.
///
/// A struct rather than bytes so that bodies that are not in memory (a multipart upload
/// streamed from disk) can be added without changing what transports accept.
public struct HTTPBody: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case bytes(Data)
    }

    let storage: Storage

    /// A body held in memory.
    public static func bytes(_ bytes: some Sequence<UInt8>) -> HTTPBody {
        HTTPBody(storage: .bytes(Data(bytes)))
    }

    /// No body.
    public static let empty = HTTPBody(storage: .bytes(Data()))

    /// The number of bytes, when known before sending.
    public var count: Int? {
        switch storage {
        case .bytes(let data): data.count
        }
    }

    /// The bytes, when the body is held in memory.
    public var data: Data? {
        switch storage {
        case .bytes(let data): data
        }
    }
}

@testable import ApogeeAPI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that is bound but not listening: connections to it are refused, as to a
/// server that is down, and no other server (another test's, started meanwhile) can take it.
/// ``release()`` frees it for the server that comes back.
///
/// ```swift
/// let down = try ReservedPort()
/// // … a client of http://127.0.0.1:\(down.port) cannot connect …
/// let server = try await ExampleServer.start(configuration: .init(port: down.release()))
/// ```
package final class ReservedPort: Sendable {
    /// Why a port could not be reserved.
    package struct Failure: Error, CustomStringConvertible {
        /// The system call that failed, and its errno.
        package let description: String
    }

    /// The port.
    package let port: Int
    private let socket: Locked<Int32?>

    /// Binds a loopback port: a free one by default, or `port` again once a server on it has
    /// stopped, so that nothing else takes it while the server is down.
    /// - Throws: ``Failure`` when the system refuses.
    package init(port requested: Int = 0) throws {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed, errno \(errno)") }
        // A fresh port is taken without SO_REUSEADDR, so it is this socket's alone. A port a
        // server has just left needs SO_REUSEADDR: the connections that server closed first
        // linger in TIME_WAIT on it, and without the option bind() refuses the port until they
        // expire. Another server binding port 0 is still never given it, since the kernel's
        // choice of a free port counts every bound socket as a conflict.
        if requested != 0 {
            var reuse: Int32 = 1
            guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                close(descriptor)
                throw Failure(description: "setsockopt(SO_REUSEADDR) failed, errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        address.sin_port = UInt16(clamping: requested).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw Failure(description: "bind() failed, errno \(errno)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = Locked(descriptor)
    }

    /// Frees the port and returns it, for a server to listen on; later calls only return it.
    @discardableResult
    package func release() -> Int {
        socket.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
        return port
    }

    deinit {
        release()
    }
}

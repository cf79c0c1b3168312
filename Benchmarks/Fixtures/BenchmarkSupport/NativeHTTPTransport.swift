import Apogee
#if os(Linux)
import ApogeeAsyncHTTPClient
#endif

/// The HTTP stack a server on this platform would send with: AsyncHTTPClient on Linux,
/// URLSession elsewhere. The benchmarks measure it, so that their figures stay those of the
/// stack a Linux deployment uses rather than of `URLSession`, the library's default.
public func nativeHTTPTransport() -> any HTTPTransport {
    #if os(Linux)
    AsyncHTTPClientTransport()
    #else
    URLSessionTransport()
    #endif
}

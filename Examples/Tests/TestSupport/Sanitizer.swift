#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this test process runs under the thread or the address sanitizer
/// (`swift test --sanitize=…`), found by the sanitizer runtime's own entry points.
///
/// Only for what a sanitizer changes by design, such as the resident memory its shadow takes;
/// never to skip a test.
public enum Sanitizer {
    public static let isActive: Bool = {
        let handle = dlopen(nil, RTLD_NOW)
        defer { if let handle { dlclose(handle) } }
        let entryPoints: [String] = ["__tsan_init", "__asan_init"]
        return entryPoints.contains { dlsym(handle, $0) != nil }
    }()
}

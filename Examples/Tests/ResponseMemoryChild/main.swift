// Sends one GraphQL request with AsyncHTTPClientTransport and reports how far the resident set
// rose while its response was read: for the test of a compressed body's bound, in a process of
// its own, so that no other test's memory counts. A first request warms the connection up.
//
// Usage: ResponseMemoryChild <GraphQL endpoint URL> <maximum response size>
// Prints: "<outcome> <peak growth in bytes>", the outcome being "ok" or the transport error's kind.
@testable import Apogee
import ApogeeAsyncHTTPClient
import Foundation
import HTTPTypes

#if canImport(AsyncHTTPClient)
@main
struct ResponseMemoryChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let url = URL(string: arguments[1]), let limit = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: ResponseMemoryChild <GraphQL endpoint URL> <maximum response size>\n".utf8))
            exit(64)
        }
        let transport = AsyncHTTPClientTransport(configuration: .init(maximumResponseSize: limit))
        let request = HTTPTransportRequest(
            method: .post,
            url: url,
            headers: [.contentType: "application/json"],
            body: .bytes(Data(#"{"query":"{ __typename }"}"#.utf8)),
            timeout: .seconds(600)
        )
        do {
            _ = try await transport.send(request)
        } catch {
            FileHandle.standardError.write(Data("the warm-up request failed: \(error)\n".utf8))
            exit(1)
        }
        // The peak is counted from here: "5" resets the high-water mark to the current size.
        guard let clearRefs = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
            FileHandle.standardError.write(Data("/proc/self/clear_refs cannot be written\n".utf8))
            exit(1)
        }
        clearRefs.write(Data("5".utf8))
        try? clearRefs.close()
        let before = status("VmRSS")
        let outcome: String
        do {
            _ = try await transport.send(request)
            outcome = "ok"
        } catch let error as ApogeeError where error.transportError != nil {
            outcome = "\(error.transportError?.kind.description ?? "")"
        } catch {
            outcome = "\(error)"
        }
        let peak = status("VmHWM")
        print(outcome, peak - before)
        try? await transport.shutdown()
    }

    /// A size in `/proc/self/status`, in bytes.
    private static func status(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return (line.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0) * 1024
    }
}
#else
@main
struct ResponseMemoryChild {
    static func main() {
        FileHandle.standardError.write(Data("ResponseMemoryChild needs AsyncHTTPClient, which Apogee uses on Linux only\n".utf8))
        exit(69)
    }
}
#endif

import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps credentials from following a redirect to another origin.
///
/// URLSession copies every header field of the original request to the redirected one; the
/// guard applies ``RedirectRules``' rule for another origin to it.
///
/// Delegates that do more (reading streamed responses) subclass it to keep the rule.
/// `@unchecked`: it keeps no state, and its subclasses guard theirs.
class RedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        if [307, 308].contains(response.statusCode), let original = task.originalRequest, Self.hasBodyOutsideRequest(original) {
            // FoundationNetworking sends such a redirect without a body that is not in the
            // request itself (a stream, a file); the transport follows it with the body again
            // (see `sendStreamed`).
            completionHandler(nil)
            return
        }
        guard let original = task.originalRequest?.url, let destination = request.url, !Origin.same(original, destination) else {
            completionHandler(request)
            return
        }
        completionHandler(Self.withoutCredentials(request))
    }

    /// The HTTP stack may ask for the body again when it must resend it (a reused connection
    /// that had closed). A ``BodyInputStream`` starts over when opened again, so the same stream
    /// is the answer.
    func urlSession(_ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        completionHandler(task.originalRequest?.httpBodyStream as? BodyInputStream)
    }

    /// Nothing to do here; declared so that subclasses can override it. Without a declaration
    /// in this class, which is where the conformance to `URLSessionTaskDelegate` is made,
    /// FoundationNetworking would call the protocol's default, not a subclass's method, and a
    /// streamed response would never learn that its body ended.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}

    /// Whether a request's body is a stream or a file rather than `httpBody`.
    static func hasBodyOutsideRequest(_ request: URLRequest) -> Bool {
        guard request.httpBody == nil else { return false }
        return request.httpBodyStream != nil || !["GET", "HEAD"].contains(request.httpMethod ?? "GET")
    }

    static func withoutCredentials(_ request: URLRequest) -> URLRequest {
        var request = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where !RedirectRules.fieldsKeptAcrossOrigins.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }
}

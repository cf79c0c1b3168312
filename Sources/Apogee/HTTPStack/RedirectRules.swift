import Foundation
import HTTPTypes

/// How Apogee follows a redirect, whichever HTTP stack sends the request.
///
/// - The redirected request keeps every header field while the origin stays the same. When the
///   origin changes, only fields that describe the body and the client are kept: `Authorization`,
///   cookies, API keys and any other field that might carry a secret are dropped, whatever
///   their name.
/// - 307 and 308 keep the method and send the body again; 303 becomes a `GET` without a body,
///   and so do 301 and 302 after a `POST`, as browsers and `URLSession` do.
package enum RedirectRules {
    /// As many redirects as Foundation follows.
    package static let maximumRedirects = 16

    /// Header fields that carry no credential and that the redirected request still needs.
    static let fieldsKeptAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "content-type", "content-length", "user-agent",
    ]

    /// The statuses that redirect, when the response has a `Location`.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send after `response`, or `nil` when it does not redirect.
    package static func request(after response: HTTPResponse, to request: HTTPTransportRequest) -> HTTPTransportRequest? {
        guard redirectStatuses.contains(response.status.code),
            let location = response.headerFields[.location],
            let destination = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        var next = request
        next.url = destination
        let becomesGET = response.status.code == 303 && request.method != .head
            || [301, 302].contains(response.status.code) && request.method == .post
        if becomesGET {
            next.method = .get
            next.body = .empty
            next.headers[.contentType] = nil
            next.headers[.contentLength] = nil
        }
        if !Origin.same(request.url, destination) {
            next.headers = HTTPFields(next.headers.filter { fieldsKeptAcrossOrigins.contains($0.name.canonicalName) })
        }
        return next
    }
}

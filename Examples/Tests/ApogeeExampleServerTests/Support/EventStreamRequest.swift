@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Server-Sent Event.
struct ServerSentEvent: Sendable, Equatable {
    let name: String
    let data: String

    var json: JSONValue {
        get throws { try JSONValue(parsing: data) }
    }

    /// Splits a complete event stream body into events.
    static func parse(_ text: String) -> [ServerSentEvent] {
        var parser = EventStreamParser()
        return parser.append(Data(text.utf8))
    }
}

/// Reads events out of a byte stream that may split them anywhere.
struct EventStreamParser {
    private var buffer = ""

    mutating func append(_ data: Data) -> [ServerSentEvent] {
        buffer += String(decoding: data, as: UTF8.self)
        var events: [ServerSentEvent] = []
        while let end = buffer.range(of: "\n\n") {
            let block = buffer[..<end.lowerBound]
            buffer.removeSubrange(..<end.upperBound)
            var name = "message"
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event:") {
                    name = line.dropFirst("event:".count).trimmingCharacters(in: .whitespaces)
                } else if line.hasPrefix("data:") {
                    var value = line.dropFirst("data:".count)
                    if value.first == " " { value = value.dropFirst() }
                    data.append(String(value))
                }
            }
            events.append(ServerSentEvent(name: name, data: data.joined(separator: "\n")))
        }
        return events
    }
}

/// A streamed POST that accepts `text/event-stream`: events are read as they arrive, and the
/// request can be cancelled (which closes the connection) at any point.
final class EventStreamRequest: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var parser = EventStreamParser()
        var session: URLSession?
        var task: URLSessionDataTask?
        var status: Int?
    }

    private let state = Locked(State())
    private let events: AsyncStream<ServerSentEvent>
    private let continuation: AsyncStream<ServerSentEvent>.Continuation
    private let iterator: Locked<AsyncStream<ServerSentEvent>.AsyncIterator>

    private override init() {
        (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
        iterator = Locked(events.makeAsyncIterator())
    }

    /// Starts a POST of `query` to `url`.
    static func start(_ url: URL, query: String, variables: JSONObject? = nil, headers: [String: String] = [:]) -> EventStreamRequest {
        var object: JSONObject = ["query": .string(query)]
        if let variables { object["variables"] = .object(variables) }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(JSONValue.object(object).serialized())
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let stream = EventStreamRequest()
        let session = URLSession(configuration: .ephemeral, delegate: stream, delegateQueue: nil)
        let task = session.dataTask(with: request)
        stream.state.withLock {
            $0.session = session
            $0.task = task
        }
        task.resume()
        return stream
    }

    /// The next event, or `nil` when the stream ended.
    func next() async -> ServerSentEvent? {
        // One reader at a time: the iterator moves out of the lock while it waits.
        var iterator = self.iterator.withLock { $0 }
        let event = await iterator.next()
        self.iterator.withLock { $0 = iterator }
        return event
    }

    /// The response's status code, once the head arrived.
    var status: Int? { state.withLock { $0.status } }

    /// Cancels the request: the client closes the connection.
    func cancel() {
        let task = state.withLock { $0.task }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events = state.withLock { $0.parser.append(data) }
        for event in events { continuation.yield(event) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.finish()
        session.finishTasksAndInvalidate()
    }
}

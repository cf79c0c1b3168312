import ApogeeAPI
import Foundation
import HTTPTypes

/// What a caller of a batch gets back.
enum BatchedAnswer: Sendable {
    /// The request went alone: its whole response.
    case alone(HTTPTransportResponse)
    /// The request went in a batch: its own result in the batch's answer.
    case inBatch(GraphQLResponseBody, head: HTTPResponse)
}

/// Gathers requests into batches and sends each batch once it is full or its window ends.
///
/// Requests wait in an open batch per destination (URL, header fields and timeout). A batch
/// leaves when it reaches the maximum size, or when the window of its first request ends;
/// each caller then gets its own answer. A caller cancelled before its batch leaves drops
/// out of it; one cancelled later stops waiting, and the batch goes on for the others.
actor RequestBatcher {
    /// Requests that may share a batch.
    private struct Destination: Hashable {
        let url: URL
        let headers: HTTPFields
        let timeout: Duration
    }

    private struct Waiting {
        let id: Int
        let request: HTTPTransportRequest
        let continuation: CheckedContinuation<BatchedAnswer, any Error>
    }

    private struct OpenBatch {
        /// Tells this batch's window from a later batch's to the same destination.
        let number: Int
        var waiting: [Waiting] = []
        var window: Task<Void, Never>?
    }

    private let transport: any HTTPTransport
    private let configuration: BatchingNetworkTransport.Configuration
    private var open: [Destination: OpenBatch] = [:]
    /// Callers whose batch has left, by id, until it answers or they are cancelled.
    private var sent: [Int: CheckedContinuation<BatchedAnswer, any Error>] = [:]
    private var nextID = 0
    private var nextBatchNumber = 0

    init(transport: any HTTPTransport, configuration: BatchingNetworkTransport.Configuration) {
        self.transport = transport
        self.configuration = configuration
    }

    /// Adds `request` to a batch and returns its answer once the batch has been answered.
    func submit(_ request: HTTPTransportRequest) async throws -> BatchedAnswer {
        try Task.checkCancellation()
        nextID += 1
        let id = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue(Waiting(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func enqueue(_ waiting: Waiting) {
        let destination = Destination(url: waiting.request.url, headers: waiting.request.headers, timeout: waiting.request.timeout)
        var batch = open[destination] ?? newBatch()
        batch.waiting.append(waiting)
        if batch.waiting.count >= configuration.maximumBatchSize {
            batch.window?.cancel()
            open[destination] = nil
            send(batch.waiting)
            return
        }
        if batch.window == nil {
            let window = configuration.window
            let number = batch.number
            batch.window = Task {
                do {
                    try await Task.sleep(for: window)
                } catch {
                    return  // The batch left full, or emptied, before its window ended.
                }
                self.windowEnded(for: destination, batch: number)
            }
        }
        open[destination] = batch
    }

    private func newBatch() -> OpenBatch {
        nextBatchNumber += 1
        return OpenBatch(number: nextBatchNumber)
    }

    private func windowEnded(for destination: Destination, batch number: Int) {
        guard let batch = open[destination], batch.number == number else { return }
        open[destination] = nil
        send(batch.waiting)
    }

    /// Takes a cancelled caller out of its open batch, or stops its wait for a batch that left.
    private func cancel(_ id: Int) {
        if let continuation = sent.removeValue(forKey: id) {
            continuation.resume(throwing: CancellationError())
            return
        }
        for (destination, batch) in open {
            guard let index = batch.waiting.firstIndex(where: { $0.id == id }) else { continue }
            var remaining = batch
            let cancelled = remaining.waiting.remove(at: index)
            cancelled.continuation.resume(throwing: CancellationError())
            if remaining.waiting.isEmpty {
                remaining.window?.cancel()
                open[destination] = nil
            } else {
                open[destination] = remaining
            }
            return
        }
    }

    /// Sends the requests, alone or as one batch, in a task of their own so that the batcher
    /// keeps gathering meanwhile.
    private func send(_ batch: [Waiting]) {
        guard let first = batch.first else { return }
        for waiting in batch { sent[waiting.id] = waiting.continuation }
        let ids = batch.map(\.id)
        let transport = transport
        guard batch.count > 1 else {
            Task {
                let outcome = await Self.outcome(of: { try await transport.send(first.request) })
                self.deliver(ids, outcome.map { [.alone($0)] })
            }
            return
        }
        var request = first.request
        request.body = .bytes(Self.arrayBody(of: batch.map { $0.request.body.data ?? Data() }))
        Task {
            let outcome = await Self.outcome(of: { try await transport.send(request) })
            self.deliver(ids, outcome.flatMap { Self.answers(in: $0, count: ids.count) })
        }
    }

    private func deliver(_ ids: [Int], _ outcome: Result<[BatchedAnswer], any Error>) {
        for (index, id) in ids.enumerated() {
            guard let continuation = sent.removeValue(forKey: id) else { continue }
            continuation.resume(with: outcome.map { $0[index] })
        }
    }

    private static func outcome(of send: () async throws -> HTTPTransportResponse) async -> Result<HTTPTransportResponse, any Error> {
        do {
            return .success(try await send())
        } catch {
            return .failure(error)
        }
    }

    /// The JSON array of the operations' bodies, in order.
    static func arrayBody(of bodies: [Data]) -> Data {
        var array = Data("[".utf8)
        for (index, body) in bodies.enumerated() {
            if index > 0 { array.append(UInt8(ascii: ",")) }
            array.append(body)
        }
        array.append(UInt8(ascii: "]"))
        return array
    }

    /// Each operation's result in a batch's answer, or the error that fails them all.
    static func answers(in response: HTTPTransportResponse, count: Int) -> Result<[BatchedAnswer], any Error> {
        guard response.head.status.kind == .successful else {
            return .failure(ApogeeError.httpStatus(response.head, bodyExcerpt: response.bodyExcerpt))
        }
        func invalid(_ reason: InvalidResponseReason) -> Result<[BatchedAnswer], any Error> {
            .failure(ApogeeError.invalidResponse(reason, httpResponse: response.head, bodyExcerpt: response.bodyExcerpt))
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: response.body)
        } catch let error as JSONParsingError {
            return invalid(.malformedJSON(error))
        } catch {
            return invalid(.notAGraphQLResponse("\(error)"))
        }
        guard let results = json.arrayValue else {
            return invalid(.notAGraphQLResponse("a batch's answer must be an array, not \(json.kindDescription)"))
        }
        guard results.count == count else {
            return invalid(.batchResultCount(expected: count, received: results.count))
        }
        var answers: [BatchedAnswer] = []
        answers.reserveCapacity(count)
        for result in results {
            guard let object = result.objectValue else {
                return invalid(.notAGraphQLResponse("a result in the batch is \(result.kindDescription), not an object"))
            }
            do {
                answers.append(.inBatch(try GraphQLResponseBody(object: object), head: response.head))
            } catch {
                return invalid(error)
            }
        }
        return .success(answers)
    }
}

import Apogee
import ApogeeAPI

/// A network transport for tests that answers the requests a test expects, and only those.
///
/// Each expectation names an operation, of a type and with variables, and what to answer it
/// with; it answers one request. A request that no expectation matches is recorded, reported to
/// `onUnexpectedRequest`, and fails with ``UnexpectedRequestError``, which names the operation
/// and its variables. ``verify()`` throws when a request was unexpected or an expectation was
/// not met, so a test that ends with it fails on either.
///
/// ```swift
/// let transport = MockNetworkTransport(onUnexpectedRequest: { Issue.record("\($0)") })
/// try transport.expect(BookTripMutation(id: "25"), respondWith: MutationBuilder(
///     bookTrips: TripUpdateResponseBuilder(success: true, launches: [LaunchBuilder(id: "25", isBooked: true)])
/// ))
/// let client = ApogeeClient(url: URL(string: "https://example.com/graphql")!, networkTransport: transport)
/// let result = try await client.perform(mutation: BookTripMutation(id: "25"))
/// try transport.verify()
/// ```
public final class MockNetworkTransport: NetworkTransport {
    /// A request the transport received.
    public struct Request: Sendable, Hashable, CustomStringConvertible {
        /// The operation's name.
        public var operationName: String
        /// `query`, `mutation` or `subscription`.
        public var operationType: OperationType
        /// The operation's variables.
        public var variables: JSONObject

        /// The operation's name and its variables, as JSON with sorted keys.
        public var description: String {
            "\(operationType.rawValue) \(operationName) with variables \(JSONValue.object(variables).serializedString)"
        }
    }

    /// A request that the transport did not expect: ``MockNetworkTransport/send(_:)`` throws it.
    public struct UnexpectedRequestError: Error, Sendable, CustomStringConvertible {
        /// The request.
        public var request: Request
        /// The expectations still waiting when it came.
        public var waiting: [Request]

        public var description: String {
            let expected = waiting.isEmpty ? "no request" : waiting.map(\.description).joined(separator: "; ")
            return "MockNetworkTransport did not expect \(request); it expects \(expected)"
        }
    }

    /// Why ``MockNetworkTransport/verify()`` failed.
    public struct VerificationError: Error, Sendable, CustomStringConvertible {
        /// The requests no expectation matched.
        public var unexpectedRequests: [Request]
        /// The expectations no request met.
        public var unmetExpectations: [Request]

        public var description: String {
            var parts: [String] = []
            if !unexpectedRequests.isEmpty {
                parts.append("unexpected: " + unexpectedRequests.map(\.description).joined(separator: "; "))
            }
            if !unmetExpectations.isEmpty {
                parts.append("expected but not sent: " + unmetExpectations.map(\.description).joined(separator: "; "))
            }
            return "MockNetworkTransport: " + parts.joined(separator: "; ")
        }
    }

    private struct Expectation: Sendable {
        var operationType: ObjectIdentifier
        /// `nil` matches any variables.
        var variables: JSONObject?
        var request: Request
        var response: MockResponse
    }

    private struct State {
        var expectations: [Expectation] = []
        var requests: [Request] = []
        var unexpected: [Request] = []
    }

    private let state = Locked(State())
    private let onUnexpectedRequest: (@Sendable (Request) -> Void)?

    /// A transport that expects nothing yet. `onUnexpectedRequest` runs for every request no
    /// expectation matches, before `send` throws; a test can record an issue there.
    public init(onUnexpectedRequest: (@Sendable (Request) -> Void)? = nil) {
        self.onUnexpectedRequest = onUnexpectedRequest
    }

    /// Expects one request for `operation`, of its type and with its variables, and answers it
    /// with `response`.
    public func expect<Operation: GraphQLOperation>(_ operation: Operation, respond response: MockResponse) {
        add(Operation.self, variables: operation.variablesJSON, response: response)
    }

    /// Expects one request for `operation` and answers it with the response built from `root`
    /// (see ``ApogeeAPI/GraphQLOperation/buildResponse(_:errors:defaults:)``).
    /// - Throws: ``TestDataError`` when the builders do not fit the operation.
    public func expect<Operation: GraphQLOperation, Root: ObjectBuilder>(
        _ operation: Operation, respondWith root: Root, errors: [GraphQLError] = [], defaults: TestDataDefaults = TestDataDefaults()
    ) throws(TestDataError) {
        expect(operation, respond: .response(try operation.buildResponse(root, errors: errors, defaults: defaults)))
    }

    /// Expects one request for an operation of type `operationType`, whatever its variables.
    public func expectAny<Operation: GraphQLOperation>(_ operationType: Operation.Type, respond response: MockResponse) {
        add(Operation.self, variables: nil, response: response)
    }

    /// Every request received, expected or not, in order.
    public var requests: [Request] {
        state.withLock(\.requests)
    }

    /// The requests no expectation matched.
    public var unexpectedRequests: [Request] {
        state.withLock(\.unexpected)
    }

    /// The expectations still waiting for their request.
    public var unmetExpectations: [Request] {
        state.withLock { $0.expectations.map(\.request) }
    }

    /// Throws when a request was unexpected or an expectation is still waiting.
    public func verify() throws(VerificationError) {
        let (unexpected, unmet) = state.withLock { ($0.unexpected, $0.expectations.map(\.request)) }
        if !unexpected.isEmpty || !unmet.isEmpty {
            throw VerificationError(unexpectedRequests: unexpected, unmetExpectations: unmet)
        }
    }

    /// Answers the request with the first expectation it meets.
    public func send<Operation: GraphQLOperation>(_ request: GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data> {
        let variables = request.operation.variablesJSON
        let received = Request(operationName: Operation.operationName, operationType: Operation.operationType, variables: variables)
        let outcome: Result<MockResponse, UnexpectedRequestError> = state.withLock { state in
            state.requests.append(received)
            let type = ObjectIdentifier(Operation.self)
            if let index = state.expectations.firstIndex(where: { $0.operationType == type && ($0.variables == nil || $0.variables == variables) }) {
                return .success(state.expectations.remove(at: index).response)
            }
            state.unexpected.append(received)
            return .failure(UnexpectedRequestError(request: received, waiting: state.expectations.map(\.request)))
        }
        switch outcome {
        case .failure(let error):
            onUnexpectedRequest?(received)
            throw error
        case .success(let response):
            return try await results(of: response, for: Operation.self)
        }
    }

    private func results<Operation: GraphQLOperation>(of response: MockResponse, for operation: Operation.Type) async throws -> GraphQLResultStream<Operation.Data> {
        switch response.kind {
        case .later(let make):
            return try await results(of: make(), for: operation)
        case .failure(let error):
            throw error
        case .results(let bodies) where bodies.count == 1:
            return GraphQLResultStream(result: try GraphQLResult(decodingResponseObject: bodies[0]))
        case .results(let bodies):
            let results = try bodies.map { try GraphQLResult<Operation.Data>(decodingResponseObject: $0) }
            return GraphQLResultStream(unfolding: {
                let next = Locked(0)
                return {
                    next.withLock { index in
                        defer { index += 1 }
                        return index < results.count ? results[index] : nil
                    }
                }
            })
        }
    }

    private func add<Operation: GraphQLOperation>(_ type: Operation.Type, variables: JSONObject?, response: MockResponse) {
        let request = Request(operationName: Operation.operationName, operationType: Operation.operationType, variables: variables ?? [:])
        state.withLock {
            $0.expectations.append(Expectation(operationType: ObjectIdentifier(type), variables: variables, request: request, response: response))
        }
    }
}

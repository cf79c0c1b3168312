import Apogee

/// What a ``MockNetworkTransport`` answers an expected request with.
public struct MockResponse: Sendable {
    enum Kind: Sendable {
        case results([JSONObject])
        case failure(any Error)
        case later(@Sendable () async throws -> MockResponse)
    }

    let kind: Kind

    /// A response body, as JSON: `{"data": …, "errors": […]}`.
    public static func response(_ body: JSONObject) -> MockResponse {
        MockResponse(kind: .results([body]))
    }

    /// Several response bodies, one result each, in order: a subscription's events.
    public static func results(_ bodies: [JSONObject]) -> MockResponse {
        MockResponse(kind: .results(bodies))
    }

    /// The response of a server that returns `data`.
    public static func data(_ data: some RootSelectionSet) -> MockResponse {
        .response(["data": .object(data.__fields)])
    }

    /// The response of a server that refuses the operation: `data` is `null` and `errors`
    /// says why.
    public static func errors(_ errors: [GraphQLError]) -> MockResponse {
        .response(["data": .null, "errors": .array(errors.map(\.jsonValue))])
    }

    /// The response `make` returns, made when the request arrives: a test holds the answer back
    /// until it has seen what happens in between, such as an optimistic update.
    ///
    /// ```swift
    /// let (release, released) = AsyncStream<Void>.makeStream()
    /// transport.expect(mutation, respond: .later {
    ///     for await _ in release { break }
    ///     return .errors([GraphQLError(message: "Sold out")])
    /// })
    /// ```
    public static func later(_ make: @escaping @Sendable () async throws -> MockResponse) -> MockResponse {
        MockResponse(kind: .later(make))
    }

    /// No response: `send` throws `error`, as a transport does when the request fails.
    public static func failure(_ error: any Error) -> MockResponse {
        MockResponse(kind: .failure(error))
    }
}

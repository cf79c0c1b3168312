@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import HTTPTypes
import Logging
import TestSupport
import Testing

@Suite("The interceptor chain")
struct InterceptorChainTests {
    @Test("Interceptors see the request first to last and the result last to first")
    func order() async throws {
        try await withServer { server in
            let trace = Trace()
            let provider = FixedInterceptorProvider([Tracing(name: "a", trace: trace), Tracing(name: "b", trace: trace), Tracing(name: "c", trace: trace)])
            let result = try await server.client(provider: provider).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")
            #expect(await trace.events == ["a>", "b>", "c>", "<c", "<b", "<a"])
        }
    }

    @Test("A custom provider gives each operation its own chain")
    func customProvider() async throws {
        try await withServer { server in
            struct MutationHeaderProvider: InterceptorProvider {
                func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
                    guard Operation.operationType == .mutation else { return [] }
                    return [ClosureInterceptor { headers, _, _ in headers[HTTPField.Name("X-Mutation")!] = Operation.operationName }]
                }
            }
            let client = server.client(provider: MutationHeaderProvider())
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            _ = try await client.perform(mutation: SignInMutation(email: "provider@example.com"))
            #expect(server.recordedRequests.map { $0.header("X-Mutation") } == [nil, "SignIn"])
        }
    }

    @Test("The standard provider's chain follows its interceptors as they are set after it is made")
    func standardProviderFollowsItsSettings() {
        var provider = DefaultInterceptorProvider()
        func chain() -> [String] {
            provider.interceptors(for: LaunchSiteQuery(id: "1")).map { "\(type(of: $0))" }
        }
        #expect(chain() == ["RetryInterceptor"])
        provider.logging = LoggingInterceptor(logger: Logger(label: "chain-test"))
        provider.retry = nil
        #expect(chain() == ["LoggingInterceptor"])
        provider.persistedQueries = AutomaticPersistedQueryInterceptor()
        provider.retry = RetryInterceptor()
        #expect(chain() == ["RetryInterceptor", "AutomaticPersistedQueryInterceptor", "LoggingInterceptor"])
        provider.logging = nil
        #expect(chain() == ["RetryInterceptor", "AutomaticPersistedQueryInterceptor"])
    }

    @Test("inserting(_:at:) puts an interceptor into a provider's chain")
    func inserting() async throws {
        try await withServer { server in
            let trace = Trace()
            let provider = FixedInterceptorProvider([Tracing(name: "a", trace: trace), Tracing(name: "b", trace: trace)])
                .inserting(Tracing(name: "first", trace: trace), at: 0)
                .inserting(Tracing(name: "last", trace: trace), at: 99)
            _ = try await server.client(provider: provider).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(await trace.events.prefix(4) == ["first>", "a>", "b>", "last>"])
        }
    }

    @Test("Values given with an operation reach its interceptors through the request context")
    func requestContext() async throws {
        try await withServer { server in
            enum TraceIDKey: RequestContextKey {
                static let defaultValue: String? = nil
            }
            struct TraceIDInterceptor: GraphQLInterceptor {
                func intercept<Operation: GraphQLOperation>(
                    _ request: GraphQLRequest<Operation>,
                    next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
                ) async throws -> GraphQLResult<Operation.Data> {
                    var request = request
                    if let traceID = request.context[TraceIDKey.self] {
                        request.addHeader(name: "X-Trace-ID", value: traceID)
                    }
                    return try await next(request)
                }
            }
            let client = server.client(provider: FixedInterceptorProvider([TraceIDInterceptor()]))
            var context = RequestContext()
            context[TraceIDKey.self] = "trace-42"
            _ = try await client.perform(mutation: SignInMutation(email: "context@example.com"), context: context)
            _ = try await client.fetch(query: LaunchSiteQuery(id: "1"))
            #expect(server.recordedRequests.map { $0.header("X-Trace-ID") } == ["trace-42", nil])
        }
    }

    @Test("An interceptor can decline to send a request")
    func declined() async throws {
        try await withServer { server in
            struct RequireLogin: GraphQLInterceptor {
                func intercept<Operation: GraphQLOperation>(
                    _ request: GraphQLRequest<Operation>,
                    next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
                ) async throws -> GraphQLResult<Operation.Data> {
                    guard request.headers[.authorization] != nil else {
                        throw ApogeeError.declined(reason: "log in first")
                    }
                    return try await next(request)
                }
            }
            let error = await #expect(throws: ApogeeError.self) {
                try await server.client(provider: FixedInterceptorProvider([RequireLogin()])).perform(mutation: BookLaunchesMutation(ids: ["1"]))
            }
            guard let failure = error, failure.code == .declined, let reason = failure.reason else {
                Issue.record("expected declined, got \(String(describing: error))")
                return
            }
            #expect(reason == "log in first")
            #expect(server.requestCount == 0)
        }
    }

    @Test("An interceptor can answer instead of the server, or replace the server's result")
    func replaceResult() async throws {
        try await withServer { server in
            struct Canned: GraphQLInterceptor {
                func intercept<Operation: GraphQLOperation>(
                    _ request: GraphQLRequest<Operation>,
                    next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
                ) async throws -> GraphQLResult<Operation.Data> {
                    let data = try Operation.Data(json: ["launch": ["__typename": "Launch", "id": "canned", "site": nil]])
                    return GraphQLResult(data: data, source: .cache)
                }
            }
            struct DropErrors: ResultInterceptor {
                func adjust<Operation: GraphQLOperation>(
                    _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
                ) async throws -> GraphQLResult<Operation.Data> {
                    var result = result
                    result.extensions = ["checked": true]
                    return result
                }
            }
            let canned = try await server.client(provider: FixedInterceptorProvider([Canned()])).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(canned.data?.launch?.id == "canned")
            #expect(canned.source == .cache)
            #expect(canned.httpResponse == nil)
            #expect(server.requestCount == 0)

            let replaced = try await server.client(provider: FixedInterceptorProvider([DropErrors()])).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(replaced.extensions?["checked"] == true)
            #expect(replaced.data?.launch?.id == "1")
        }
    }

    @Test("An interceptor can retry from its place by calling next again")
    func retryFromPlace() async throws {
        try await withServer { server in
            struct SecondChance: GraphQLInterceptor {
                func intercept<Operation: GraphQLOperation>(
                    _ request: GraphQLRequest<Operation>,
                    next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
                ) async throws -> GraphQLResult<Operation.Data> {
                    do {
                        return try await next(request)
                    } catch let error as ApogeeError where error.code == .httpStatus {
                        return try await next(request)
                    }
                }
            }
            server.enqueueFault(.htmlErrorPage(status: 500))
            let trace = Trace()
            let provider = FixedInterceptorProvider([Tracing(name: "outer", trace: trace), SecondChance(), Tracing(name: "inner", trace: trace)])
            let result = try await server.client(provider: provider).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")
            #expect(await trace.events == ["outer>", "inner>", "<inner!", "inner>", "<inner", "<outer"])
        }
    }

    @Test("An interceptor can restart the whole chain, a bounded number of times")
    func restartChain() async throws {
        try await withServer { server in
            struct RestartOnce: ResultInterceptor {
                let restarts: Int
                func adjust<Operation: GraphQLOperation>(
                    _ result: GraphQLResult<Operation.Data>, of request: GraphQLRequest<Operation>
                ) async throws -> GraphQLResult<Operation.Data> {
                    if request.context.chainRestarts < restarts {
                        throw RestartChain(reason: "token refreshed")
                    }
                    return result
                }
            }
            let trace = Trace()
            let twice = FixedInterceptorProvider([Tracing(name: "first", trace: trace), RestartOnce(restarts: 2)])
            let result = try await server.client(provider: twice).fetch(query: LaunchSiteQuery(id: "1"))
            #expect(result.data?.launch?.id == "1")
            #expect(server.requestCount == 3)
            #expect(await trace.events.filter { $0 == "first>" }.count == 3)

            let forever = FixedInterceptorProvider([RestartOnce(restarts: .max)])
            let error = await server.client(provider: forever, configuration: .init(maximumChainRestarts: 2)).expectLaunchSiteFailure()
            guard let failure = error, failure.code == .tooManyChainRestarts, let limit = failure.restartLimit, let reason = failure.reason else {
                Issue.record("expected tooManyChainRestarts, got \(String(describing: error))")
                return
            }
            #expect(limit == 2)
            #expect(reason == "token refreshed")
            #expect(server.requestCount == 3 + 3)
        }
    }
}

/// Records the order in which interceptors run.
actor Trace {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }
}

/// Records entering (`name>`), leaving (`<name`) and failing (`<name!`).
struct Tracing: GraphQLInterceptor {
    let name: String
    let trace: Trace

    func intercept<Operation: GraphQLOperation>(
        _ request: GraphQLRequest<Operation>,
        next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
    ) async throws -> GraphQLResult<Operation.Data> {
        await trace.record("\(name)>")
        do {
            let result = try await next(request)
            await trace.record("<\(name)")
            return result
        } catch {
            await trace.record("<\(name)!")
            throw error
        }
    }
}

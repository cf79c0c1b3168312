import TestSupport
import Testing

/// The chain's customization point cannot be got wrong silently: a conformance that
/// implements nothing is a compile error, not an interceptor that passes everything on. Each
/// case is type-checked by the toolchain against the modules these tests were built with.
@Suite("An interceptor's conformance, as the compiler sees it")
struct InterceptorConformanceCompileTests {
    static let interceptorMethod = """
        func intercept<Operation: GraphQLOperation>(
            _ request: GraphQLRequest<Operation>,
            next: (GraphQLRequest<Operation>) async throws -> GraphQLResult<Operation.Data>
        ) async throws -> GraphQLResult<Operation.Data> {
            try await next(request)
        }
    """
    static let streamMethod = """
        func interceptStream<Operation: GraphQLOperation>(
            _ request: GraphQLRequest<Operation>,
            next: (GraphQLRequest<Operation>) async throws -> GraphQLResultStream<Operation.Data>
        ) async throws -> GraphQLResultStream<Operation.Data> {
            try await next(request)
        }
    """

    @Test("An empty conformance to either protocol does not compile, and says what it lacks")
    func emptyConformancesDoNotCompile() async throws {
        let oneResult = try await SwiftTypeCheck.check("import Apogee\nstruct DoesNothing: GraphQLInterceptor {}\n")
        #expect(oneResult.status != 0)
        #expect(oneResult.diagnostics.contains("type 'DoesNothing' does not conform to protocol 'GraphQLInterceptor'"), "\(oneResult.diagnostics)")
        #expect(oneResult.diagnostics.contains("intercept(_:next:)"), "\(oneResult.diagnostics)")

        let stream = try await SwiftTypeCheck.check("import Apogee\nstruct PassesNothing: GraphQLStreamInterceptor {}\n")
        #expect(stream.status != 0)
        #expect(stream.diagnostics.contains("a GraphQLStreamInterceptor implements interceptStream(_:next:)"), "\(stream.diagnostics)")
    }

    @Test("A conformance that implements its one method compiles, in either form")
    func implementedConformancesCompile() async throws {
        let source = """
            import Apogee
            struct OneResultAtATime: GraphQLInterceptor {
            \(Self.interceptorMethod)
            }
            struct WholeStream: GraphQLStreamInterceptor {
            \(Self.streamMethod)
            }

            """
        let outcome = try await SwiftTypeCheck.check(source)
        #expect(outcome.status == 0, "\(outcome.diagnostics)")
    }
}

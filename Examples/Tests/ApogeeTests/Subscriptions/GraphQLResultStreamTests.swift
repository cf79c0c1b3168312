@testable import Apogee
import LiveFixtures
import Testing

/// The stream at the end of the chain: one result costs nothing extra, maps apply to each
/// result as it is read, and failures reach whoever reads.
@Suite struct GraphQLResultStreamTests {
    private typealias Data = CountdownSubscription.Data

    private static func result(_ value: Int) throws -> GraphQLResult<Data> {
        GraphQLResult(data: try Data(json: ["countdown": .int(value)]))
    }

    @Test func aSingleResultStreamGivesItOnce() async throws {
        let stream = GraphQLResultStream(result: try Self.result(1))
        var values: [Int?] = []
        for try await result in stream { values.append(result.data?.countdown) }
        #expect(values == [1])
        #expect(try await stream.singleResult().data?.countdown == 1)
    }

    @Test func anEmptyStreamHasNoSingleResult() async throws {
        await #expect {
            try await GraphQLResultStream<Data>.empty.singleResult()
        } throws: { error in
            (error as? ApogeeError)?.code == .noResult
        }
    }

    @Test func mapAppliesToEachResultInOrder() async throws {
        let (results, continuation) = AsyncThrowingStream<GraphQLResult<Data>, any Error>.makeStream()
        for value in [3, 2, 1] { continuation.yield(try Self.result(value)) }
        continuation.finish()
        let mapped = GraphQLResultStream(results).map { result in
            var result = result
            result.extensions = ["seen": true]
            return result
        }
        var seen: [Int?] = []
        for try await result in mapped {
            #expect(result.extensions?["seen"] == true)
            seen.append(result.data?.countdown)
        }
        #expect(seen == [3, 2, 1])
    }

    @Test func aFailureIsObservedAndStillThrown() async throws {
        struct Broken: Error {}
        let (results, continuation) = AsyncThrowingStream<GraphQLResult<Data>, any Error>.makeStream()
        continuation.yield(try Self.result(1))
        continuation.finish(throwing: Broken())
        let (observed, observer) = AsyncStream<String>.makeStream()
        let stream = GraphQLResultStream(results).observingFailure { error in
            observer.yield("\(type(of: error))")
            observer.finish()
        }
        var count = 0
        await #expect(throws: Broken.self) {
            for try await _ in stream { count += 1 }
        }
        #expect(count == 1)
        var names: [String] = []
        for await name in observed { names.append(name) }
        #expect(names == ["Broken"])
    }
}

import Testing

/// Generated code from a module with default main-actor isolation, used from a module with the
/// same setting: on the main actor, where this suite runs unless told otherwise, and off it,
/// from a detached task and from a `@concurrent` function.
@Suite("Generated code with default main-actor isolation", .timeLimit(.minutes(1)))
struct MainActorGeneratedCodeTests {
    @Test func readsResponsesOnTheMainActor() throws {
        #expect(try GeneratedCodeUses.readResponses() == .expected(onMainActor: true))
    }

    @Test func readsResponsesInADetachedTask() async throws {
        let reading = try await Task.detached { try GeneratedCodeUses.readResponses() }.value
        #expect(reading == .expected(onMainActor: false))
    }

    @Test func encodesVariablesOnTheMainActor() throws {
        #expect(try GeneratedCodeUses.encodeVariables() == .expected(onMainActor: true))
    }

    @Test func encodesVariablesInAConcurrentFunction() async throws {
        #expect(try await Self.encodeVariablesConcurrently() == .expected(onMainActor: false))
    }

    @Test func runsThroughAClientOnTheMainActor() async throws {
        #expect(try await GeneratedCodeUses.runThroughClient() == .expected(onMainActor: true))
    }

    @Test func runsThroughAClientInAConcurrentFunction() async throws {
        #expect(try await Self.runThroughClientConcurrently() == .expected(onMainActor: false))
    }

    @concurrent private static func encodeVariablesConcurrently() async throws -> VariablesReading {
        try GeneratedCodeUses.encodeVariables()
    }

    @concurrent private static func runThroughClientConcurrently() async throws -> ClientReading {
        try await GeneratedCodeUses.runThroughClient()
    }
}

@testable import ApogeeAPI
import ApogeeExampleServer
import Foundation
import TestSupport
import Testing

/// Mutations carrying `Idempotency-Key` are applied once however often they are sent.
@Suite struct IdempotencyTests {
    static let add = "mutation Add($input: AddTodoInput!) { addTodo(input: $input) { todoEdge { node { id text } } user { totalCount } } }"

    static func add(_ server: ExampleServer, text: String, key: String?) async throws -> HTTPResult {
        try await HTTPClient().post(
            server.todoURL,
            query: add,
            variables: ["input": ["text": .string(text), "userId": "me"]],
            headers: key.map { ["Idempotency-Key": $0] } ?? [:]
        )
    }

    @Test func aRepeatedKeyReplaysTheFirstAnswerWithoutApplyingAgain() async throws {
        try await withServer { server in
            let first = try await Self.add(server, text: "Once", key: "key-1")
            let second = try await Self.add(server, text: "Once", key: "key-1")
            #expect(first.body == second.body)
            #expect(try first.json[path: "data", "addTodo", "user", "totalCount"] == 5)
            let count = try await graphQL(server.todoURL, "{ user { totalCount } }")
            #expect(count[path: "data", "user", "totalCount"] == 5)
            #expect(server.appliedIdempotencyKeys == ["key-1"])
        }
    }

    @Test func concurrentDuplicatesApplyOnce() async throws {
        try await withServer(.init(mutationDelay: .milliseconds(100))) { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { _ = try await Self.add(server, text: "Race", key: "same") }
                }
                try await group.waitForAll()
            }
            let count = try await graphQL(server.todoURL, "{ user { totalCount } }")
            #expect(count[path: "data", "user", "totalCount"] == 5)
            #expect(server.appliedIdempotencyKeys == ["same"])
        }
    }

    @Test func distinctKeysAndKeylessMutationsEachApply() async throws {
        try await withServer { server in
            _ = try await Self.add(server, text: "A", key: "a")
            _ = try await Self.add(server, text: "B", key: "b")
            _ = try await Self.add(server, text: "C", key: nil)
            _ = try await Self.add(server, text: "C", key: nil)
            let count = try await graphQL(server.todoURL, "{ user { totalCount } }")
            #expect(count[path: "data", "user", "totalCount"] == 8)
            #expect(server.appliedIdempotencyKeys == ["a", "b"])
        }
    }

    @Test func aRejectedMutationIsRememberedWithItsError() async throws {
        try await withServer(.init(rejectsTodoMutations: true)) { server in
            let first = try await Self.add(server, text: "No", key: "rejected")
            await server.setRejectsTodoMutations(false)
            let retry = try await Self.add(server, text: "No", key: "rejected")
            #expect(try retry.json[path: "errors", 0, "extensions", "code"] == "FORBIDDEN")
            #expect(first.body == retry.body)
            #expect(server.appliedIdempotencyKeys == ["rejected"])
        }
    }
}

import Apogee
import ApogeeSQLite
import Foundation
import RocketReserverAPI

extension RocketReserverSession {
    /// The mutation types a queue in the store file may hold from an earlier run.
    static let queuedMutationTypes: [any GraphQLMutation.Type] = [BookTripMutation.self, CancelTripMutation.self]

    /// The session of a step subcommand, with the saved token, once it has sent what earlier
    /// commands left queued in the store file.
    static func forStep(_ endpoint: EndpointOptions, _ store: StoreOptions) async throws -> RocketReserverSession {
        let session = try RocketReserverSession(endpoint: endpoint.url(), tokens: TokenFile.standard(), storePath: store.store, deliveryWait: .seconds(store.deliveryWait))
        try await session.deliverQueued()
        return session
    }

    /// Sends what earlier runs left queued in the store file, and says what became of it.
    func deliverQueued() async throws {
        guard let queue else { return }
        let waiting = try await queue.pendingMutations()
        guard !waiting.isEmpty else { return }
        print("Sending \(waiting.count) mutation(s) queued by an earlier command: \(waiting.map(\.operationName).joined(separator: ", "))…")
        if await queue.waitUntilEmpty(timeout: deliveryWait) {
            for mutation in waiting { try await report(mutation, outcome: queue.outcome(of: mutation.id)) }
        } else {
            await queue.stop()
            print("The server cannot be reached; they stay queued in \(storePath ?? "the store file").")
        }
    }

    /// Sends a mutation: durably through the queue when there is a store file (the guess shows
    /// while it waits), directly otherwise.
    /// - Returns: The answer, or `nil` when the mutation stays queued for a later command.
    func send<Mutation: GraphQLMutation>(_ mutation: Mutation, guess: OptimisticResponse<Mutation.Data>) async throws -> GraphQLResult<Mutation.Data>? {
        guard let queue else { return try await client.perform(mutation: mutation) }
        return try await performQueued(mutation, queue: queue, optimisticResponse: guess)
    }

    /// Queues a mutation in the store file and waits a moment for the server's answer.
    /// - Returns: The answer, or `nil` when the mutation stays queued for a later command.
    private func performQueued<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        queue: MutationQueue,
        optimisticResponse: OptimisticResponse<Mutation.Data>
    ) async throws -> GraphQLResult<Mutation.Data>? {
        let handle = try await queue.enqueue(mutation, optimisticResponse: optimisticResponse)
        guard await queue.waitUntilEmpty(timeout: deliveryWait) else {
            await queue.stop()
            print("The server cannot be reached: \(Mutation.operationName) is queued in \(storePath ?? "the store file") "
                + "and will be sent by the next command that reaches the server.")
            return nil
        }
        return try await handle.result()
    }

    private func report(_ mutation: QueuedMutation, outcome: MutationOutcome) throws {
        switch outcome {
        case .delivered(let response):
            let errors = response["errors"]?.arrayValue?.compactMap { $0.objectValue?["message"]?.stringValue } ?? []
            let message = response["data"]?.objectValue?.values.first?.objectValue?["message"]?.stringValue
            print("  \(mutation.operationName) \(mutation.variables["id"]?.stringValue ?? ""): "
                + (errors.isEmpty ? (message ?? "done") : "refused: " + errors.joined(separator: "; ")))
        case .failed(let reason):
            print("  \(mutation.operationName) was given up: \(reason)")
        case .cancelled:
            print("  \(mutation.operationName) was cancelled.")
        }
    }
}

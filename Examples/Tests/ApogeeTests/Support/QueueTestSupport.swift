@testable import Apogee
import ApogeeExampleServer
@testable import ApogeeTesting
import Foundation
import TodoAPI

/// The default chain without retries (the queue retries by itself); with gates, the server's
/// answer to every queued mutation waits at the gate named by its idempotency key, so a test
/// acts while the mutation is sent and applied but not settled.
struct QueueGatedProvider: InterceptorProvider {
    let gates: Gates?

    func interceptors<Operation: GraphQLOperation>(for operation: Operation) -> [any GraphQLInterceptor] {
        let chain = DefaultInterceptorProvider(retry: nil).interceptors(for: operation)
        guard let gates else { return chain }
        return chain + [GateInterceptor(gates: gates, gateName: { $0.idempotencyKey })]
    }
}

/// Records each backoff and waits a moment, so that a queue facing a server that is down
/// retries quickly without spinning.
struct BriefSleeper: Sleeper {
    let recorder = RecordingSleeper()

    func sleep(for duration: Duration) async throws {
        try await recorder.sleep(for: duration)
        try await Task.sleep(for: .milliseconds(10))
    }
}

extension ExampleServer {
    /// A queue over a Todo client on `stack` (or the platform's default transport); with
    /// `gates`, each queued mutation's answer waits at the gate of its idempotency key until
    /// the test opens it.
    func todoQueue(
        _ stack: HTTPStack? = nil,
        storage: any MutationQueueStorage = InMemoryMutationQueueStorage(),
        gates: Gates? = nil,
        store: NormalizedStore = NormalizedStore(),
        sleeper: any Sleeper = BriefSleeper()
    ) -> MutationQueue {
        let transport = (stack ?? .native).makeTransport()
        let client = ApogeeClient(url: todoURL, store: store, interceptorProvider: QueueGatedProvider(gates: gates), transport: transport)
        return MutationQueue(
            client: client,
            storage: storage,
            restoring: [ChangeTodoStatusMutation.self, AddTodoMutation.self],
            configuration: .init(sleeper: sleeper)
        )
    }
}

// Queues numbered to-dos on a SQLite file and waits until the queue is empty, for the crash
// test to kill at random moments. Every run queues 1…count again: a number already queued
// or delivered has its idempotency key known to the storage, so it is not queued twice.
//
// Usage: QueueCrashChild <database path> <Todo endpoint URL> <count>
@testable import ApogeeAPI
@testable import Apogee
@testable import ApogeeSQLite
import Foundation
import TodoAPI

@main
struct QueueCrashChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let url = URL(string: arguments[2]), let count = Int(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: QueueCrashChild <database path> <Todo endpoint URL> <count>\n".utf8))
            exit(64)
        }
        do {
            let persistence = try SQLiteStore(path: arguments[1])
            let client = ApogeeClient(
                url: url,
                store: persistence.makeNormalizedStore(),
                interceptorProvider: DefaultInterceptorProvider(retry: nil)
            )
            let queue = MutationQueue(
                client: client,
                storage: persistence.mutationQueueStorage,
                restoring: [AddTodoMutation.self],
                configuration: .init(retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(100)))
            )
            try await queue.start()
            for number in 1...count {
                let text = "crash \(number)"
                try await queue.enqueue(
                    AddTodoMutation(input: .init(text: text, userId: "me"), connections: []),
                    idempotencyKey: "crash-\(number)",
                    optimisticResponse: [
                        "addTodo": ["todoEdge": ["cursor": "pending", "node": ["id": .string("pending-\(number)"), "text": .string(text), "complete": false]]],
                    ]
                )
            }
            _ = await queue.waitUntilEmpty()
            print("drained")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("QueueCrashChild: \(error)\n".utf8))
            exit(1)
        }
    }
}

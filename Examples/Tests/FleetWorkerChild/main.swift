// One worker of a fleet: delivers the mutations queued in a PostgreSQL database until none is
// left, for the fleet crash test to kill at random moments and start again. The database's
// server is the one in APOGEE_POSTGRES_URL.
//
// Usage: FleetWorkerChild <database name> <Todo endpoint URL> <worker name>
@testable import Apogee
@testable import ApogeePostgres
import Foundation
import PostgresNIO
import TestSupport
import TodoAPI

@main
struct FleetWorkerChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, let url = URL(string: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: FleetWorkerChild <database name> <Todo endpoint URL> <worker name>\n".utf8))
            exit(64)
        }
        do {
            let postgres = PostgresClient(configuration: try TestPostgres.configuration(database: arguments[1]), backgroundLogger: TestPostgres.logger)
            try await TestPostgres.withRunning(postgres) { postgres in
                let client = ApogeeClient(url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil))
                let queue = MutationQueue(
                    client: client,
                    storage: PostgresMutationQueueStorage(client: postgres),
                    restoring: [AddTodoMutation.self],
                    configuration: .init(
                        retryPolicy: RetryPolicy(initialDelay: .milliseconds(10), maximumDelay: .milliseconds(100)),
                        workerName: arguments[3],
                        // Short, so that the queues a killed worker held wait little.
                        lease: .seconds(2),
                        pollInterval: .milliseconds(50)
                    )
                )
                try await queue.start()
                _ = await queue.waitUntilEmpty()
                await queue.stop()
            }
            print("drained")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("FleetWorkerChild: \(error)\n".utf8))
            exit(1)
        }
    }
}

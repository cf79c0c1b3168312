@testable import Apogee
import ApogeeExampleServer
import ClientFixtures
import Dispatch
import TestSupport
import Testing

@Suite("Completion-handler forms")
struct CompletionHandlerTests {
    @Test("perform(mutation:) reports success with data, as the reference's code reads it")
    func performWithHandler() async throws {
        try await withClient { server, client in
            let token: String? = await withCheckedContinuation { continuation in
                client.perform(mutation: SignInMutation(email: "handler@example.com")) { result in
                    switch result {
                    case .success(let graphQLResult):
                        continuation.resume(returning: graphQLResult.data?.login?.token)
                    case .failure:
                        continuation.resume(returning: nil)
                    }
                }
            }
            #expect(token?.isEmpty == false)
        }
    }

    @Test("fetch(query:) reports GraphQL errors as success and failures as failure, on the queue given")
    func fetchWithHandler() async throws {
        try await withClient { server, client in
            let queue = DispatchQueue(label: "handler-queue")
            let key = DispatchSpecificKey<String>()
            queue.setSpecific(key: key, value: "handler-queue")

            server.enqueueFault(.htmlErrorPage(status: 500))
            let (failed, onQueue): (Bool, Bool) = await withCheckedContinuation { continuation in
                client.fetch(query: LaunchSiteQuery(id: "1"), queue: queue) { result in
                    let onQueue = DispatchQueue.getSpecific(key: key) == "handler-queue"
                    if case .failure(let error as ApogeeError) = result, error.code == .httpStatus {
                        continuation.resume(returning: (true, onQueue))
                    } else {
                        continuation.resume(returning: (false, onQueue))
                    }
                }
            }
            #expect(failed)
            #expect(onQueue)

            let errors: [GraphQLError]? = await withCheckedContinuation { continuation in
                client.perform(mutation: BookLaunchesMutation(ids: ["1"])) { result in
                    continuation.resume(returning: (try? result.get())?.errors)
                }
            }
            #expect(errors?.isEmpty == false)
        }
    }
}

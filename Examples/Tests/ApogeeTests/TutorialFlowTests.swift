@testable import Apogee
import ApogeeExampleServer
import RocketReserverAPI
import TestSupport
import Testing

/// The reference tutorial's story, with the generated RocketReserver operations: log in, list
/// launches, book a trip with the token interceptor first in the chain, see it booked, cancel it.
@Suite("The RocketReserver tutorial")
struct TutorialFlowTests {
    @Test("Log in, list launches, book with the token interceptor first, check, cancel")
    func tutorialFlow() async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let client = server.client(provider: NetworkInterceptorProvider(tokens: tokens))

            let login = try await client.perform(mutation: LoginMutation(email: "tutorial@example.com"))
            #expect(login.errors == nil)
            let user = try #require(login.data?.login)
            #expect(user.email == "tutorial@example.com")
            let token = try #require(user.token)
            await tokens.setToken(token)

            let list = try await client.fetch(query: LaunchListQuery())
            let page = try #require(list.data?.launches)
            #expect(!page.launches.isEmpty)
            #expect(page.hasMore)
            #expect(!page.cursor.isEmpty)

            let booking = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(booking.errors == nil)
            let bookTrips = try #require(booking.data?.bookTrips)
            #expect(bookTrips.success)
            #expect(bookTrips.launches?.compactMap { $0?.fragments.launchTile.id } == ["25"])
            #expect(bookTrips.launches?.first??.fragments.launchTile.isBooked == true)
            // The tutorial's interceptor sends the raw token, first in the chain.
            #expect(server.recordedRequests(operationName: "BookTrip").first?.header("Authorization") == token)

            let booked = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(booked.data?.launch?.isBooked == true)
            #expect(booked.data?.launch?.id == "25")

            let cancel = try await client.perform(mutation: CancelTripMutation(id: "25"))
            #expect(cancel.data?.cancelTrip.success == true)
            #expect(cancel.data?.cancelTrip.launches?.first??.isBooked == false)

            let cancelled = try await client.fetch(query: LaunchDetailsQuery(launchId: "25"))
            #expect(cancelled.data?.launch?.isBooked == false)
        }
    }

    @Test("Without the token, booking gives the server's GraphQL error in the result")
    func bookingWithoutToken() async throws {
        try await withServer { server in
            let client = server.client(provider: NetworkInterceptorProvider(tokens: InMemoryTokenStore()))
            let booking = try await client.perform(mutation: BookTripMutation(id: "25"))
            #expect(booking.data == nil)
            #expect(booking.errors?.first?.path == ["bookTrips"])
            #expect(server.recordedRequests.first?.header("Authorization") == nil)
        }
    }

    @Test("The tutorial's completion-handler code books a trip")
    func completionHandlerBooking() async throws {
        try await withServer { server in
            let client = try await server.signedInClient(email: "handler@example.com")

            let message: String = await withCheckedContinuation { continuation in
                client.perform(mutation: BookTripMutation(id: "30")) { result in
                    switch result {
                    case .success(let graphQLResult):
                        if let bookingResult = graphQLResult.data?.bookTrips {
                            continuation.resume(returning: bookingResult.success ? (bookingResult.message ?? "Trip booked successfully") : "Could not book trip")
                        } else if let errors = graphQLResult.errors {
                            continuation.resume(returning: "errors: \(errors)")
                        } else {
                            continuation.resume(returning: "no data")
                        }
                    case .failure(let error):
                        continuation.resume(returning: "Network Error: \(error.localizedDescription)")
                    }
                }
            }
            #expect(message == "Trips booked successfully.")
        }
    }
}

import Apogee
import ApogeeTesting
import Foundation
import RocketReserverAPI
import Testing

/// The book-trip flow of the "Testing your app" article, without a server: a store seeded from
/// builders, a watcher of the launch, an optimistic booking the server confirms, and an
/// optimistic cancel the server refuses.
@Suite("RocketReserver: booking a trip, tested without a server")
struct BookTripFlowTests {
    @Test("The watcher sees the optimistic booking, then the refused cancel rolled back")
    func bookThenRefusedCancel() async throws {
        let launch = LaunchBuilder(id: "25", isBooked: false, mission: MissionBuilder(name: "Starlink-15"), site: "KSC LC 39A")
        let store = try NormalizedStore().seeded(LaunchDetailsQuery(launchId: "25"), with: QueryBuilder(launch: launch))
        let transport = MockNetworkTransport(onUnexpectedRequest: { Issue.record("unexpected request: \($0)") })
        let client = ApogeeClient(url: URL(string: "https://rocket-reserver.example/graphql")!, store: store, networkTransport: transport)

        var watched = client.watch(query: LaunchDetailsQuery(launchId: "25"), cachePolicy: .returnCacheDataDontFetch).makeAsyncIterator()
        let first = try #require(try await watched.next()?.data?.launch)
        #expect(first.isBooked == false)
        #expect(first.site == "KSC LC 39A")

        // Booking: the store shows the trip booked before the server answers.
        var booked = launch
        booked.isBooked = true
        let booking = BookTripMutation(id: "25")
        let bookingAnswer = try booking.buildResponse(MutationBuilder(bookTrips: TripUpdateResponseBuilder(launches: [booked], success: true)))
        let (bookingGate, openBooking) = AsyncStream<Void>.makeStream()
        transport.expect(booking, respond: .later {
            for await _ in bookingGate { break }
            return .response(bookingAnswer)
        })
        let guess = try booking.buildData(MutationBuilder(bookTrips: TripUpdateResponseBuilder(launches: [booked], success: true)))
        let bookingTask = Task { try await client.perform(mutation: booking, optimisticResponse: OptimisticResponse(guess)) }
        #expect(try await watched.first { $0.launch?.isBooked == true } != nil)
        openBooking.yield()
        let bookingResult = try await bookingTask.value
        #expect(bookingResult.errors == nil)
        #expect(bookingResult.data?.bookTrips.success == true)

        // Cancelling, refused: the optimistic cancel shows, then goes when the server says no.
        let cancel = CancelTripMutation(id: "25")
        let (cancelGate, openCancel) = AsyncStream<Void>.makeStream()
        transport.expect(cancel, respond: .later {
            for await _ in cancelGate { break }
            return .errors([GraphQLError(message: "Trips cannot be cancelled on launch day")])
        })
        var cancelled = booked
        cancelled.isBooked = false
        let cancelGuess = try cancel.buildData(MutationBuilder(cancelTrip: TripUpdateResponseBuilder(launches: [cancelled], success: true)))
        let cancelTask = Task { try await client.perform(mutation: cancel, optimisticResponse: OptimisticResponse(cancelGuess)) }
        #expect(try await watched.first { $0.launch?.isBooked == false } != nil)
        openCancel.yield()
        let refusal = try await cancelTask.value
        #expect(refusal.data == nil)
        #expect(refusal.errors?.first?.message == "Trips cannot be cancelled on launch day")
        let afterRefusal = try #require(try await watched.first { $0.launch?.isBooked == true }?.launch)
        #expect(afterRefusal.isBooked == true)
        #expect(afterRefusal.site == "KSC LC 39A")

        #expect(transport.requests.map(\.operationName) == ["BookTrip", "CancelTrip"])
        try transport.verify()
    }
}

extension AsyncThrowingStream<GraphQLResult<LaunchDetailsQuery.Data>, any Error>.Iterator {
    /// Reads the watch's results until one's data satisfies `condition`: a watcher may deliver
    /// the same data twice (the optimistic guess, then the server's confirmation of it).
    mutating func first(where condition: (LaunchDetailsQuery.Data) -> Bool) async throws -> LaunchDetailsQuery.Data? {
        while let result = try await next() {
            if let data = result.data, condition(data) { return data }
        }
        return nil
    }
}

import Apogee
import ApogeeExampleServer
import ApogeeTesting
import Foundation
import RocketReserverAPI
import TestSupport
import Testing

/// Data built from the generated builders, with the values a server answered, is the same typed
/// data the server's response decodes to: for every RocketReserver operation, over real HTTP.
@Suite("RocketReserver: built data equals the server's")
struct BuiltDataMatchesServerTests {
    @Test("Login, the lists, booking, the deferred launch, cancelling, an upload and a subscription event")
    func everyOperation() async throws {
        try await withServer { server in
            let tokens = InMemoryTokenStore()
            let client = ApogeeClient(
                url: server.rocketReserverURL,
                interceptorProvider: DefaultInterceptorProvider(retry: nil, authorization: AuthorizationInterceptor(scheme: nil, tokenStore: tokens)))

            let login = LoginMutation(email: "builders@example.com")
            let loggedIn = try #require(try await client.perform(mutation: login).data)
            let user = try #require(loggedIn.login)
            #expect(try login.buildData(MutationBuilder(login: UserBuilder(email: user.email, id: user.id, token: user.token))) == loggedIn)
            await tokens.setToken(user.token)

            let list = LaunchListQuery(pageSize: 3)
            let page = try #require(try await client.fetch(query: list, cachePolicy: .fetchIgnoringCacheCompletely).data)
            #expect(page.launches.launches.count == 3)
            let builtPage = try list.buildData(QueryBuilder(launches: LaunchConnectionBuilder(
                cursor: page.launches.cursor, hasMore: page.launches.hasMore,
                launches: page.launches.launches.map { launch in
                    launch.map { LaunchBuilder(id: $0.id, mission: $0.mission.map { MissionBuilder(missionPatch: $0.missionPatch, name: $0.name) }, site: $0.site) }
                })))
            #expect(builtPage == page)

            let summary = LaunchSummaryQuery(id: "25")
            let launch = try #require(try await client.fetch(query: summary, cachePolicy: .fetchIgnoringCacheCompletely).data?.launch)
            let builtSummary = try summary.buildData(QueryBuilder(launch: LaunchBuilder(
                id: launch.id, mission: launch.mission.map { MissionBuilder(missionPatch: $0.missionPatch, name: $0.name) }, site: launch.site)))
            #expect(builtSummary.launch == launch)

            let booking = BookTripMutation(id: "25")
            let booked = try #require(try await client.perform(mutation: booking).data)
            let builtBooking = try booking.buildData(MutationBuilder(bookTrips: TripUpdateResponseBuilder(
                launches: booked.bookTrips.launches.map { launches in
                    launches.map { launch in
                        launch.map(\.fragments.launchTile).map {
                            LaunchBuilder(
                                id: $0.id, isBooked: $0.isBooked,
                                mission: $0.mission.map { MissionBuilder(missionPatch: $0.missionPatch, name: $0.name) }, site: $0.site)
                        }
                    }
                },
                message: booked.bookTrips.message, success: booked.bookTrips.success)))
            #expect(builtBooking == booked)

            let details = LaunchDetailsQuery(launchId: "25")
            let detailed = try #require(try await client.fetch(query: details, cachePolicy: .fetchIgnoringCacheCompletely).data)
            let shown = try #require(detailed.launch)
            let builtDetails = try details.buildData(QueryBuilder(launch: LaunchBuilder(
                id: shown.id, isBooked: shown.isBooked, isFavorite: shown.isFavorite,
                mission: shown.mission.map { MissionBuilder(missionPatch: $0.missionPatch, name: $0.name) },
                rocket: shown.rocket.map { RocketBuilder(id: $0.id, name: $0.name, type: $0.type) }, site: shown.site)))
            #expect(builtDetails == detailed)

            let deferred = LaunchWithDeferredMissionQuery(id: "25")
            var lastDeferred: LaunchWithDeferredMissionQuery.Data?
            for try await result in client.fetchResults(query: deferred, cachePolicy: .fetchIgnoringCacheCompletely) {
                lastDeferred = result.data
            }
            let deferredLaunch = try #require(lastDeferred?.launch)
            let mission = try #require(deferredLaunch.missionDetails.value).mission
            let builtDeferred = try deferred.buildData(QueryBuilder(launch: LaunchBuilder(
                id: deferredLaunch.id, mission: mission.map { MissionBuilder(missionPatch: $0.missionPatch, name: $0.name) }, site: deferredLaunch.site)))
            #expect(builtDeferred == lastDeferred)

            let me = try #require(try await client.fetch(query: MeQuery(), cachePolicy: .fetchIgnoringCacheCompletely).data)
            let account = try #require(me.me)
            #expect(account.trips.map { $0?.id } == ["25"])
            let builtMe = try MeQuery().buildData(QueryBuilder(me: UserBuilder(
                email: account.email, id: account.id, profileImage: account.profileImage,
                trips: account.trips.map { $0.map { LaunchBuilder(id: $0.id, isBooked: $0.isBooked) } })))
            #expect(builtMe == me)

            let cancelling = CancelTripMutation(id: "25")
            let cancelled = try #require(try await client.perform(mutation: cancelling).data)
            let builtCancel = try cancelling.buildData(MutationBuilder(cancelTrip: TripUpdateResponseBuilder(
                launches: cancelled.cancelTrip.launches.map { $0.map { $0.map { LaunchBuilder(id: $0.id, isBooked: $0.isBooked) } } },
                message: cancelled.cancelTrip.message, success: cancelled.cancelTrip.success)))
            #expect(builtCancel == cancelled)

            let upload = UploadProfileImageMutation(file: Upload(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "avatar.png", mimeType: "image/png"))
            let uploaded = try #require(try await client.upload(mutation: upload).data)
            let profile = try #require(uploaded.uploadProfileImage)
            let builtUpload = try upload.buildData(MutationBuilder(uploadProfileImage: UserBuilder(
                email: profile.email, id: profile.id, profileImage: profile.profileImage)))
            #expect(builtUpload == uploaded)

            let events = client.subscribe(subscription: TripsBookedSubscription())
            let firstEvent = Task {
                for try await result in events { return result.data }
                return nil
            }
            await server.waitForSubscriptionEvents { events in
                events.contains { if case .subscribed = $0 { true } else { false } }
            }
            _ = try await client.perform(mutation: BookTripMutation(id: "26"))
            let event = try #require(try await firstEvent.value)
            #expect(try TripsBookedSubscription().buildData(SubscriptionBuilder(tripsBooked: event.tripsBooked)) == event)
        }
    }
}

@testable import Apogee
import ApogeeExampleServer
import FieldErrorFixturesNull
import FieldErrorFixturesResult
import FieldErrorFixturesThrow
import TestSupport
import Testing

/// Field errors as values, over real HTTP: the example server makes `Launch.mission` or
/// `Launch.rocket` fail (a resolver that throws, answered with `null` and an error at its
/// path), and the same operations, generated under each default (`FieldErrorFixtures/`), show
/// what a semantically non-null field's error does, and what `@catch` keeps.
@Suite("Field errors", .timeLimit(.minutes(10)))
struct FieldErrorTests {
    @Test("without errors, the semantically non-null fields are plain values")
    func noErrors() async throws {
        try await withClient { _, client in
            let result = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithPartsQuery(id: "25"))
            #expect(result.errors == nil)
            let launch = try #require(result.data?.launch)
            #expect(launch.mission.name != nil)
            #expect(launch.rocket.name != nil)
        }
    }

    @Test("THROW: a semantically non-null field that fails takes the whole data, and its error stays")
    func throwDefault() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.mission"])
            let result = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithPartsQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(result.data == nil)
            let error = try #require(result.errors?.first)
            #expect(error.path == ["launch", "mission"])
            #expect(error.message.contains("Launch.mission"))
        }
    }

    @Test("NULL: the nearest optional field above the failed one is nil, and the rest of the data stays")
    func nullDefault() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.rocket"])
            let result = try await client.fetch(query: FieldErrorFixturesNull.LaunchWithPartsQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            let data = try #require(result.data)
            #expect(data.launch == nil)
            #expect(result.errors?.map(\.path) == [["launch", "rocket"]])
        }
    }

    @Test("RESULT: the failed field is a failure with its error, and its siblings are values")
    func resultDefault() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.mission"])
            let result = try await client.fetch(query: FieldErrorFixturesResult.LaunchWithPartsQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            let launch = try #require(result.data?.launch.value ?? nil)
            #expect(launch.id == "25")
            #expect(launch.site.value != nil)
            #expect(launch.mission.value == nil)
            #expect(launch.mission.errors.map(\.path) == [["launch", "mission"]])
            #expect(throws: FieldFailure.self) { try launch.mission.get() }
            #expect(launch.rocket.value?.name.value != nil)
        }
    }

    @Test("@catch on fields overrides THROW: RESULT keeps the error at the field, NULL gives nil")
    func catchOnFields() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.mission", "Launch.rocket"])
            let result = try await client.fetch(query: FieldErrorFixturesThrow.LaunchCaughtQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            let launch = try #require(result.data?.launch)
            #expect(launch.id == "25")
            #expect(launch.site != nil)
            #expect(launch.mission.errors.first?.message.contains("Launch.mission") == true)
            #expect(launch.rocket == nil)
            #expect(Set(result.errors?.compactMap(\.path) ?? []) == [["launch", "mission"], ["launch", "rocket"]])
        }
    }

    @Test("@catch on a fragment keeps its siblings when a field inside it fails")
    func catchOnFragment() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.rocket"])
            let result = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithRocketTileQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            let launch = try #require(result.data?.launch)
            #expect(launch.id == "25")
            #expect(launch.site != nil)
            #expect(launch.fragments.rocketTile.errors.map(\.path) == [["launch", "rocket"]])

            await server.setFailingFields([])
            let healthy = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithRocketTileQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(healthy.data?.launch?.fragments.rocketTile.value?.rocket.name != nil)
        }
    }

    @Test("errors by field in a list: each element's failed field holds its own error, with its index")
    func errorsInAList() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.mission"])
            let result = try await client.fetch(query: FieldErrorFixturesResult.LaunchPageWithMissionsQuery(), cachePolicy: .fetchIgnoringCacheData)
            let launches = try #require(result.data?.launches.launches)
            #expect(launches.count == 3)
            for (index, launch) in launches.enumerated() {
                let launch = try #require(launch)
                #expect(launch.mission.errors.map(\.path) == [["launches", "launches", .index(index), "mission"]])
            }
        }
    }

    @Test("errors by field: named through the generated types, through optionals, results and list indices")
    func errorsByField() async throws {
        try await withClient { server, client in
            await server.setFailingFields(["Launch.mission"])
            let page = try await client.fetch(query: FieldErrorFixturesNull.LaunchPageWithMissionsQuery(), cachePolicy: .fetchIgnoringCacheData)
            #expect(page.errors?.count == 3)
            let second = page.errors(at: { $0.launches.launches[1].mission })
            #expect(second.map(\.path) == [["launches", "launches", 1, "mission"]])
            // A field holds the errors of the fields inside it; another field holds none.
            #expect(page.errors(at: { $0.launches.launches[1] }).count == 1)
            #expect(page.errors(at: { $0.launches }).count == 3)
            #expect(page.errors(at: { $0.launches.launches[1].id }).isEmpty)

            let parts = try await client.fetch(query: FieldErrorFixturesResult.LaunchWithPartsQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(parts.errors(at: { $0.launch.mission }).map(\.path) == [["launch", "mission"]])
            #expect(parts.errors(at: { $0.launch.rocket.name }).isEmpty)

            let tile = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithRocketTileQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            #expect(tile.errors(at: { $0.launch.site }).isEmpty)
            await server.setFailingFields(["Launch.rocket"])
            let failedTile = try await client.fetch(query: FieldErrorFixturesThrow.LaunchWithRocketTileQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            // Through the fragment, which adds no step of its own.
            #expect(failedTile.errors(at: { $0.launch.fragments.rocketTile.rocket }).map(\.path) == [["launch", "rocket"]])
        }
    }

    /// A client that asks every request for `onError`.
    private static func client(of server: ExampleServer, onError: ErrorBehavior?) -> ApogeeClient {
        var configuration = ApogeeClient.Configuration()
        configuration.onError = onError
        return server.client(configuration: configuration)
    }

    @Test("without onError the request carries none, and a failed non-null field takes its parent")
    func propagatesByDefault() async throws {
        try await withServer { server in
            await server.setFailingFields(["Launch.isBooked"])
            let result = try await server.client().fetch(query: FieldErrorFixturesNull.LaunchBookingQuery(id: "25"))
            #expect(try server.recordedBody(at: 0)["onError"] == nil)
            #expect(result.data != nil)
            #expect(result.data?.launch == nil)
            #expect(result.errors?.map(\.path) == [["launch", "isBooked"]])
        }
    }

    @Test("onError: NULL is sent and honoured: the failed non-null field is null where it is, and its parent stays")
    func onErrorNull() async throws {
        try await withServer { server in
            await server.setFailingFields(["Launch.isBooked"])
            let client = Self.client(of: server, onError: .null)
            let result = try await client.fetch(query: FieldErrorFixturesNull.LaunchBookingQuery(id: "25"))
            #expect(try server.recordedBody(at: 0)["onError"] == "NULL")
            let launch = try #require(result.data?.launch)
            #expect(launch.id == "25")
            #expect(launch.site != nil)
            #expect(launch.isBooked.errors.map(\.path) == [["launch", "isBooked"]])

            // Per request, over GET as well: the parameter, and the same answer.
            var context = RequestContext()
            context.onError = .null
            var getConfiguration = ApogeeClient.Configuration()
            getConfiguration.useGETForQueries = true
            let overGET = try await server.client(configuration: getConfiguration)
                .fetch(query: FieldErrorFixturesNull.LaunchBookingQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData, context: context)
            // Honoured only when sent: the launch would otherwise be null.
            #expect(server.recordedRequests.last?.method == "GET")
            #expect(overGET.data?.launch?.isBooked.errors.isEmpty == false)
        }
    }

    @Test("onError: NULL without @catch: the nearest optional field takes the failed non-null field's nil, as propagation would")
    func onErrorNullWithoutCatch() async throws {
        try await withServer { server in
            await server.setFailingFields(["Launch.isBooked"])
            let result = try await Self.client(of: server, onError: .null)
                .fetch(query: FieldErrorFixturesNull.LaunchWithPartsQuery(id: "25"))
            // LaunchWithParts does not select isBooked: it succeeds whole.
            #expect(result.data?.launch?.id == "25")
            let tile = try await Self.client(of: server, onError: .null)
                .fetch(query: FieldErrorFixturesResult.LaunchBookingQuery(id: "25"))
            #expect(tile.data?.launch.value??.isBooked.value == nil)
            #expect(tile.data?.launch.value??.site.value != nil)
        }
    }

    @Test("onError: HALT gives no data at the first error, where propagation would have given partial data")
    func onErrorHalt() async throws {
        try await withServer { server in
            await server.setFailingFields(["Launch.mission"])
            let result = try await Self.client(of: server, onError: .halt)
                .fetch(query: FieldErrorFixturesResult.LaunchWithPartsQuery(id: "25"))
            #expect(try server.recordedBody(at: 0)["onError"] == "HALT")
            #expect(result.data == nil)
            #expect(result.errors?.map(\.path) == [["launch", "mission"]])
        }
    }

    @Test("a server that does not know onError ignores it and propagates, and the client reads that answer as well")
    func serverWithoutOnError() async throws {
        var configuration = ExampleServer.Configuration()
        configuration.understandsOnError = false
        try await withServer(configuration) { server in
            await server.setFailingFields(["Launch.isBooked"])
            let result = try await Self.client(of: server, onError: .null)
                .fetch(query: FieldErrorFixturesNull.LaunchBookingQuery(id: "25"))
            #expect(try server.recordedBody(at: 0)["onError"] == "NULL")
            #expect(result.data != nil)
            #expect(result.data?.launch == nil)
            #expect(result.errors?.map(\.path) == [["launch", "isBooked"]])
        }
    }
}

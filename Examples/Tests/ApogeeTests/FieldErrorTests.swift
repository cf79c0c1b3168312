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
}

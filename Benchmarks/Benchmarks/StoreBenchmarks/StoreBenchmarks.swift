import Apogee
import ApogeeAPI
import ApogeeStore
import Benchmark
import Foundation

/// Issue 4's bars, each measured against its baseline in the same run:
/// - normalize and write the GitHub fixture, parsing included: at most 2.0x JSONSerialization;
/// - read the query back into typed Data: at most 1.0x JSONSerialization;
/// - deliver one change with 1,000 watchers: at most 1.5x the time with 10.
/// Issue 15's: the GitHub figures stay within 5% with the cache policy of cache-policy.graphqls
/// in the generated code, and a redirect read is reported against a cache hit.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 2_000
    )

    Benchmark("GitHub fixture: JSONSerialization parse (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONSerialization.jsonObject(with: GitHubFixture.data))
        }
    }

    Benchmark("GitHub fixture: JSONValue parse") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONValue(parsing: GitHubFixture.bytes))
        }
    }

    Benchmark("GitHub fixture: parse, normalize and write into an empty store") { benchmark in
        let store = NormalizedStore()
        benchmark.startMeasurement()
        let data = try GitHubFixture.parseData(GitHubFixture.bytes)
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        benchmark.stopMeasurement()
    }

    Benchmark("GitHub fixture: parse into a JSONDocument, normalize and write into an empty store") { benchmark in
        let store = NormalizedStore()
        benchmark.startMeasurement()
        let data = try GitHubFixture.documentData(GitHubFixture.bytes)
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        benchmark.stopMeasurement()
    }

    Benchmark("GitHub fixture: normalize and write from a JSONDocument, already parsed") { benchmark in
        let store = NormalizedStore()
        let data = try GitHubFixture.documentData(GitHubFixture.bytes)
        benchmark.startMeasurement()
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        benchmark.stopMeasurement()
    }

    Benchmark("GitHub fixture: normalize and write, already parsed") { benchmark in
        let store = NormalizedStore()
        let data = try GitHubFixture.parseData(GitHubFixture.bytes)
        benchmark.startMeasurement()
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        benchmark.stopMeasurement()
    }

    Benchmark("GitHub fixture: write the same response again (nothing changes)") { benchmark in
        let store = try GitHubFixture.populatedStore()
        let data = try GitHubFixture.parseData(GitHubFixture.bytes)
        benchmark.startMeasurement()
        blackHole(try store.write(data: data, for: GitHubFixture.query))
        benchmark.stopMeasurement()
    }

    let readStore = Box<NormalizedStore>()
    Benchmark(
        "GitHub fixture: read the query into typed Data",
        closure: { benchmark in
            guard let store = readStore.value else { return }
            for _ in benchmark.scaledIterations {
                let read = try store.read(GitHubFixture.query)
                if let miss = read.miss { throw GitHubFixture.FixtureError.miss(miss) }
                blackHole(read)
            }
        },
        setup: {
            try GitHubFixture.verifyRoundTrip()
            readStore.value = try GitHubFixture.populatedStore()
        },
        teardown: { readStore.value = nil }
    )

    Benchmark("GitHub fixture: decode typed Data from parsed JSON (reference)") { benchmark in
        let data = try GitHubFixture.parseData(GitHubFixture.bytes)
        benchmark.startMeasurement()
        blackHole(try IssuesAndCommentsForRepositoryQuery.Data(json: data))
        benchmark.stopMeasurement()
    }

    Benchmark("GitHub fixture: bytes to typed Data through a JSONValue tree") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try IssuesAndCommentsForRepositoryQuery.Data(json: try GitHubFixture.parseData(GitHubFixture.bytes)))
        }
    }

    Benchmark("GitHub fixture: JSONDocument parse") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(parsing: GitHubFixture.bytes))
        }
    }

    Benchmark("GitHub fixture: bytes to typed Data through a JSONDocument") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try GitHubFixture.decodeData(GitHubFixture.bytes))
        }
    }

    // The same response through the client, from an in-memory transport: what an app gets.
    let client = Box<ApogeeClient>()
    for (name, policy) in [("decoded and written into the store", CachePolicy.fetchIgnoringCacheData), ("decoded only", .fetchIgnoringCacheCompletely)] {
        Benchmark(
            "GitHub fixture: fetched through the client (in-memory transport), \(name)",
            closure: { benchmark in
                guard let client = client.value else { return }
                for _ in benchmark.scaledIterations {
                    blackHole(try await client.fetch(query: GitHubFixture.query, cachePolicy: policy))
                }
            },
            setup: { client.value = GitHubFixture.cannedClient() },
            teardown: { client.value = nil }
        )
    }

    redirectBenchmarks()
    storeFootprintBenchmarks()
    normalizeLinearityBenchmarks()
    fixturePairedBenchmarks()

    for watchers in [10, 1_000] {
        let fixture = Box<WatcherFixture>()
        Benchmark(
            "Watchers: deliver one mutation's change with \(watchers) watchers",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3), maxIterations: 20_000),
            closure: { benchmark in
                guard let fixture = fixture.value else { return }
                for _ in benchmark.scaledIterations {
                    try await fixture.deliverOneChange()
                }
            },
            setup: {
                let value = try WatcherFixture(watchers: watchers)
                await value.prime()
                fixture.value = value
            },
            teardown: { fixture.value = nil }
        )
    }
}

/// Holds what a benchmark's setup prepares for its closure.
final class Box<Value>: @unchecked Sendable {
    var value: Value?
}

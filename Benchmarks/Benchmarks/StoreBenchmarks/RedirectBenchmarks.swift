import ApogeeAPI
import Benchmark
import ApogeeStore
import LaunchOperations

/// Issue 15's report: a launch read through the cache redirect (`launch(id:)` found as
/// `Launch:<id>`, which the list stored), against the same launch read where its own query
/// stored it, the cache hit of before.
func redirectBenchmarks() {
    let page: JSONObject = [
        "launches": [
            "__typename": "LaunchConnection",
            "launches": .array((0..<20).map { id in
                ["__typename": "Launch", "id": .string("\(id)"), "site": "KSC LC 39A", "isBooked": false]
            }),
        ],
    ]
    let launch: JSONObject = ["launch": ["__typename": "Launch", "id": "7", "site": "KSC LC 39A", "isBooked": false]]

    Benchmark("Launch 7: cache hit, stored by its own query (baseline)") { benchmark in
        let store = NormalizedStore()
        try store.write(data: launch, for: LaunchQuery(id: "7"))
        try readLaunch7(from: store, benchmark)
    }

    Benchmark("Launch 7: through the cache redirect, stored by the list") { benchmark in
        let store = NormalizedStore()
        try store.write(data: page, for: LaunchPageQuery())
        try readLaunch7(from: store, benchmark)
    }
}

/// Reads launch 7 from `store` for each of the benchmark's iterations, measured.
private func readLaunch7(from store: NormalizedStore, _ benchmark: Benchmark) throws {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        let read = try store.read(LaunchQuery(id: "7"))
        guard read.value != nil else { throw RedirectFixtureError.miss }
        blackHole(read)
    }
    benchmark.stopMeasurement()
}

enum RedirectFixtureError: Error {
    case miss
}

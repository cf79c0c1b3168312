import ApogeeAPI
import ApogeeStore
import Benchmark
import Foundation

/// Issue 46's linearity bar: normalizing and writing a response ten times the GitHub fixture
/// costs at most 1.1× ten writes of the fixture, each into an empty store. Both are parsed
/// before the clock starts; each iteration times both, alternating which goes first.
func normalizeLinearityBenchmarks() {
    let single = BenchmarkMetric.custom("10 × the fixture, each into an empty store (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let tenfold = BenchmarkMetric.custom("the tenfold response into an empty store (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("tenfold / 10 × the fixture (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark(
        "Linearity: normalize and write a response 10× the GitHub fixture against 10 fixtures, paired",
        configuration: .init(metrics: [single, tenfold, ratio], maxDuration: .seconds(20), maxIterations: 40)
    ) { benchmark in
        let fixture = try GitHubFixture.documentData(GitHubFixture.bytes)
        let large = try GitHubFixture.documentData(try GitHubFixture.tenfoldBytes())
        let clock = ContinuousClock()
        for iteration in benchmark.scaledIterations {
            var singles = Duration.zero
            var whole = Duration.zero
            for turn in 0..<2 {
                let way = (iteration + turn) % 2
                // `APOGEE_LINEARITY_WAY=1` runs the tenfold write alone, for a profile of it.
                if let only = onlyWay, only != way { continue }
                if way == 0 {
                    for _ in 0..<10 {
                        let store = NormalizedStore()
                        let start = clock.now
                        try store.write(data: fixture, for: GitHubFixture.query)
                        singles += clock.now - start
                        blackHole(store)
                    }
                } else {
                    let store = NormalizedStore()
                    let start = clock.now
                    try store.write(data: large, for: GitHubFixture.query)
                    whole += clock.now - start
                    blackHole(store)
                }
            }
            benchmark.measurement(single, Int(singles / .microseconds(1)))
            benchmark.measurement(tenfold, Int(whole / .microseconds(1)))
            benchmark.measurement(ratio, singles == .zero ? 0 : Int(1_000 * (whole / singles)))
        }
    }
}

private let onlyWay = ProcessInfo.processInfo.environment["APOGEE_LINEARITY_WAY"].flatMap { Int($0) }

extension GitHubFixture {
    /// A response ten times the fixture: its issues ten times over, each copy's users with ids
    /// of their own, so the store holds ten times the records.
    static func tenfoldBytes() throws -> [UInt8] {
        guard case .object(var response) = try JSONValue(parsing: bytes),
              case .object(var data)? = response["data"],
              case .object(var repository)? = data["repository"],
              case .object(var issues)? = repository["issues"],
              case .array(let nodes)? = issues["nodes"]
        else { throw FixtureError.noData }
        var copies: [JSONValue] = []
        for copy in 0..<10 {
            copies += nodes.map { copy == 0 ? $0 : renamingIDs($0, suffix: "-\(copy)") }
        }
        issues["nodes"] = .array(copies)
        repository["issues"] = .object(issues)
        data["repository"] = .object(repository)
        response["data"] = .object(data)
        return JSONValue.object(response).serialized()
    }

    private static func renamingIDs(_ value: JSONValue, suffix: String) -> JSONValue {
        switch value {
        case .object(let object):
            var renamed = JSONObject(minimumCapacity: object.count)
            for (name, member) in object {
                if name == "id", case .string(let id) = member {
                    renamed[name] = .string(id + suffix)
                } else {
                    renamed[name] = renamingIDs(member, suffix: suffix)
                }
            }
            return .object(renamed)
        case .array(let elements):
            return .array(elements.map { renamingIDs($0, suffix: suffix) })
        default:
            return value
        }
    }
}

import Apogee
import ApogeeTesting
import Benchmark
import BenchmarkSupport
import Foundation
import HTTPTypes

/// A query with one deferred fragment, answered in two `multipart/mixed` parts, against the
/// same data in one response: the client's own time (canned transports, no network), each
/// fetch decoding its results and writing them into the store. The bar: at most 1.3 times the
/// single response's.
func deferredQueryBenchmarks() {
    let url = URL(string: "https://example.com/graphql")!
    let launch = #""__typename":"Launch","id":"25","site":"KSC LC 39A""#
    let mission = #""mission":{"__typename":"Mission","name":"Starlink-21","missionPatch":"https://images2.imgbox.com/9a/96/nLppz9HW_o.png"}"#

    let single = ApogeeClient(url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: CannedTransport(body: #"{"data":{"launch":{\#(launch),\#(mission)}}}"#))
    /// The two parts of `data` with the launch's mission deferred, as a `multipart/mixed` body.
    func twoParts(before launchMember: String) -> String {
        "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
            + #"{"data":{\#(launchMember)"launch":{\#(launch)}},"pending":[{"id":"0","path":["launch"],"label":"missionDetails"}],"hasNext":true}"#
            + "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
            + #"{"incremental":[{"id":"0","data":{\#(mission)}}],"completed":[{"id":"0"}],"hasNext":false}"#
            + "\r\n-----\r\n"
    }
    let parts = twoParts(before: "")
    let multipart = HTTPTransportResponse(
        head: HTTPResponse(status: .ok, headerFields: [.contentType: #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#]),
        body: Data(parts.utf8)
    )
    let deferred = ApogeeClient(url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil), transport: CannedTransport(response: multipart))

    Benchmark(
        "Deferred query: the same data in one response (baseline)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 500, maxDuration: .seconds(10), maxIterations: 20_000),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await single.fetch(query: LaunchWithMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData))
            }
        },
        setup: {
            let result = try await single.fetch(query: LaunchWithMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            guard result.data?.launch?.mission?.name == "Starlink-21" else { throw BenchmarkSetupFailure(description: "unexpected result \(String(describing: result.data))") }
        }
    )

    Benchmark(
        "Deferred query: one deferred fragment in two parts",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 500, maxDuration: .seconds(10), maxIterations: 20_000),
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await deferred.fetch(query: LaunchWithDeferredMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData))
            }
        },
        setup: {
            let result = try await deferred.fetch(query: LaunchWithDeferredMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
            guard result.data?.launch?.missionDetails.value?.mission?.name == "Starlink-21", !result.hasNext else {
                throw BenchmarkSetupFailure(description: "unexpected result \(String(describing: result.data))")
            }
        }
    )

    // The bar's pair timed back to back in each iteration, alternating which goes first: two
    // benchmarks run one after the other can meet different loads on a shared machine.
    let partsTime = BenchmarkMetric.custom("two parts (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let singleTime = BenchmarkMetric.custom("one response (ns)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("two parts / one response (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    /// Times `parts` and `whole` back to back in each iteration, alternating which goes first.
    func pairedFetches(
        _ name: String,
        iterations: Int,
        parts: @escaping @Sendable () async throws -> Void,
        whole: @escaping @Sendable () async throws -> Void,
        setup: (@Sendable () async throws -> Void)? = nil
    ) {
        Benchmark(
            name,
            configuration: .init(metrics: [partsTime, singleTime, ratio], warmupIterations: iterations / 40, maxDuration: .seconds(10), maxIterations: iterations),
            closure: { benchmark in
                for iteration in benchmark.scaledIterations {
                    let times = try await PairTimes.measure(iteration: iteration, first: parts, second: whole)
                    benchmark.measurement(partsTime, Int(times.first / .nanoseconds(1)))
                    benchmark.measurement(singleTime, Int(times.second / .nanoseconds(1)))
                    benchmark.measurement(ratio, times.perMille)
                }
            },
            setup: setup
        )
    }

    pairedFetches(
        "Deferred query, paired: one deferred fragment in two parts and the same data in one response, alternating",
        iterations: 20_000,
        parts: { blackHole(try await deferred.fetch(query: LaunchWithDeferredMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)) },
        whole: { blackHole(try await single.fetch(query: LaunchWithMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)) }
    )

    // The same pair with a page of 200 launches beside the launch: the first payload is about
    // 15 KB, so the payloads' own data weighs more than the work each result costs.
    let page = (0..<200).map { #"{"__typename":"Launch","id":"\#($0)","site":"CCAFS SLC 40","isBooked":false}"# }.joined(separator: ",")
    let launches = #""launches":{"__typename":"LaunchConnection","cursor":"c200","hasMore":true,"launches":[\#(page)]}"#
    let largeSingle = ApogeeClient(
        url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil),
        transport: CannedTransport(body: #"{"data":{\#(launches),"launch":{\#(launch),\#(mission)}}}"#))
    let largeParts = twoParts(before: launches + ",")
    let largeDeferred = ApogeeClient(
        url: url, interceptorProvider: DefaultInterceptorProvider(retry: nil),
        transport: CannedTransport(response: HTTPTransportResponse(head: multipart.head, body: Data(largeParts.utf8))))
    pairedFetches(
        "Deferred query beside 200 launches, paired: in two parts and in one response, alternating",
        iterations: 2_000,
        parts: { blackHole(try await largeDeferred.fetch(query: LaunchListWithDeferredMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)) },
        whole: { blackHole(try await largeSingle.fetch(query: LaunchListWithMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)) }
    ) {
        let parts = try await largeDeferred.fetch(query: LaunchListWithDeferredMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
        let whole = try await largeSingle.fetch(query: LaunchListWithMissionQuery(id: "25"), cachePolicy: .fetchIgnoringCacheData)
        guard parts.data?.launches.launches.count == 200, parts.data?.launch?.missionDetails.value?.mission?.name == "Starlink-21",
              whole.data?.launches.launches.count == 200, !parts.hasNext else {
            throw BenchmarkSetupFailure(description: "unexpected results \(String(describing: parts.data)), \(String(describing: whole.data))")
        }
    }
}

/// A benchmark whose setup found the client answering something else.
struct BenchmarkSetupFailure: Error, CustomStringConvertible {
    let description: String
}

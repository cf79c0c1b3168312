import Apogee
import ApogeeAPI
import Benchmark

/// What the paired benchmark's client spends on each event once it has arrived: the event's
/// result decoded and written into a store (a `Counter` record and the root field that points
/// at it), 1,000 times per iteration. Through the public `writeResult`, each write also works
/// out the variables' JSON, which a subscription does once for all its events.
func eventWriteBenchmarks() {
    let writes = 1_000
    Benchmark(
        "One subscription event into the store, ×1,000",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(10), maxIterations: 200)
    ) { benchmark in
        let store = NormalizedStore()
        let subscription = CounterTicksSubscription(id: "c1", count: writes)
        for index in 0..<writes {
            let data: JSONObject = ["counterTicks": .object(["__typename": "Counter", "id": "c1", "value": .int(index)])]
            let typed = try CounterTicksSubscription.Data(json: data)
            blackHole(try store.writeResult(subscription, data: data, typedData: typed))
        }
    }
}

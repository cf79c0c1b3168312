import ApogeeStore
import Benchmark

/// Issue 5's bar: applying and rolling back an optimistic update that touches 10 records, with
/// 100 watchers, costs in a store of 100,000 records at most 1.5x what it costs in one of 1,000.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )

    for (records, label) in [(1_000, "1,000"), (100_000, "100,000")] {
        let fixture = Box<OptimisticFixture>()
        Benchmark(
            "Optimistic: apply and roll back 10 records, 100 watchers, \(label) records",
            closure: { benchmark in
                guard let fixture = fixture.value else { return }
                for _ in benchmark.scaledIterations {
                    try fixture.applyAndRollBack()
                }
            },
            setup: {
                let value = try OptimisticFixture(records: records)
                try await value.verify()
                fixture.value = value
            },
            teardown: { fixture.value = nil }
        )
    }

    // Issue 17's bar: one server write under 1,000 pending layers costs at most 3x the same
    // write with none (the first benchmark of the pair is the baseline).
    for (layers, restored, label) in [(0, true, "no layers"), (1_000, true, "1,000 restored layers"), (1_000, false, "1,000 updater layers")] {
        let fixture = Box<PendingLayersFixture>()
        Benchmark(
            "Optimistic: a server write of 10 to-dos, 100 watchers, under \(label)",
            closure: { benchmark in
                guard let fixture = fixture.value else { return }
                for _ in benchmark.scaledIterations {
                    try fixture.writeAnswer()
                }
            },
            setup: {
                let value = try PendingLayersFixture(layers: layers, restored: restored)
                try value.verify(layers: layers)
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

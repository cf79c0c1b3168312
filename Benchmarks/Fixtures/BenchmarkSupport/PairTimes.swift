/// The times of two ways of doing the same work, timed back to back in one iteration of a
/// paired benchmark.
public struct PairTimes: Sendable {
    /// How long the first way took: the ratio's numerator.
    public var first = Duration.zero
    /// How long the second way, the baseline, took.
    public var second = Duration.zero

    /// The first time over the second, in thousandths.
    public var perMille: Int {
        second == .zero ? 0 : Int(1_000 * (first / second))
    }

    /// Times `first` and `second` back to back, the one that goes first alternating with
    /// `iteration`: a shared machine's load then falls on both ways alike and cancels out of
    /// their ratio, where two benchmarks run one after the other can each meet a different load.
    public static func measure(
        iteration: Int,
        first: () async throws -> Void,
        second: () async throws -> Void
    ) async rethrows -> PairTimes {
        let clock = ContinuousClock()
        var times = PairTimes()
        for turn in 0..<2 {
            let start = clock.now
            if (iteration + turn) % 2 == 0 {
                try await first()
                times.first = clock.now - start
            } else {
                try await second()
                times.second = clock.now - start
            }
        }
        return times
    }
}

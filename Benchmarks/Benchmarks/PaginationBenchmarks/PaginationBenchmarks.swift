import ApogeeAPI
import ApogeeStore
import Benchmark
import BenchmarkSupport

/// Issue 43's bars, each against its baseline in the same run:
/// - writing the 50th page of 20 launches into a store whose list holds the 49 before it (the
///   merge makes a list of 1,000), against writing the same page into an empty store: at most 2x
///   (and, beside it, the same page written again where it already is: a refresh of the last page);
/// - a watcher of the merged list, updated after one page is written, against a watcher of a
///   list of that one page: at most 1.5x.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 20,
        maxDuration: .seconds(10),
        maxIterations: 5_000
    )
    let pages = ListPages(size: 20)
    let page50 = pages.data(50)
    let query50 = pages.query(50)

    Benchmark("Pages: the 50th page of 20 written into an empty store (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            let store = NormalizedStore()
            benchmark.startMeasurement()
            try store.write(data: page50, for: query50)
            benchmark.stopMeasurement()
            blackHole(store)
        }
    }

    Benchmark("Pages: the 50th page of 20 merged into a list of 980") { benchmark in
        for _ in benchmark.scaledIterations {
            let store = try pages.store(holding: 49)
            benchmark.startMeasurement()
            try store.write(data: page50, for: query50)
            benchmark.stopMeasurement()
            blackHole(store)
        }
    }

    Benchmark(
        "Pages: the 50th page of 20 written again at its place in the list of 1,000",
        closure: { (benchmark: Benchmark, store: NormalizedStore) in
            for _ in benchmark.scaledIterations {
                // After the cursor of page 49, the page takes the place it took before: the list
                // is 1,000 launches again after each write.
                try store.write(data: page50, for: query50)
            }
        },
        setup: {
            let store = try pages.store(holding: 49)
            try store.write(data: page50, for: query50)
            guard case .success(let data) = try store.read(pages.query(1)).result, data.launches.launches.count == 1_000 else {
                throw PaginationBenchmarkError.unexpectedList
            }
            return store
        }
    )

    // Each iteration makes its store and watcher anew, outside the measurement: the page
    // written is new each time, as when a user scrolls to it.
    let newPageConfiguration = Benchmark.Configuration(maxDuration: .seconds(10), maxIterations: 500)

    for (name, held) in [
        ("Pages: a watcher of the list, after its first page is written (baseline)", 0),
        ("Pages: a watcher of the merged list of 980, after the 50th page is written", 49),
    ] {
        Benchmark(name, configuration: newPageConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                let fixture = try await ListWatcherFixture(pages: pages, held: held, writingNext: false)
                benchmark.startMeasurement()
                try await fixture.deliverNextPage()
                benchmark.stopMeasurement()
                blackHole(fixture)
            }
        }
    }

    Benchmark(
        "Pages: a watcher of one page, after the page is written again (baseline)",
        closure: { (benchmark: Benchmark, fixture: ListWatcherFixture) in
            for _ in benchmark.scaledIterations {
                try await fixture.deliverOnePage()
            }
        },
        setup: { try await ListWatcherFixture(pages: pages, held: 0) }
    )

    Benchmark(
        "Pages: a watcher of the merged list of 1,000, after its last page is written again",
        closure: { (benchmark: Benchmark, fixture: ListWatcherFixture) in
            for _ in benchmark.scaledIterations {
                try await fixture.deliverOnePage()
            }
        },
        setup: { try await ListWatcherFixture(pages: pages, held: 49) }
    )

    // The watchers' bar with both ways timed back to back in each iteration, alternating
    // which goes first: two benchmarks run one after the other can meet different loads on a
    // shared machine, and the watchers' ratios moved by more than the bar's margin that way.
    let listTime = BenchmarkMetric.custom("merged list (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let pageTime = BenchmarkMetric.custom("one page (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let ratio = BenchmarkMetric.custom("merged list / one page (per mille)", polarity: .prefersSmaller, useScalingFactor: false)
    let pairedConfiguration = Benchmark.Configuration(metrics: [listTime, pageTime, ratio], maxDuration: .seconds(10), maxIterations: 2_000)

    Benchmark(
        "Pages, paired: a watcher of the merged list of 1,000 and a watcher of one page, each after its last page is written again, alternating",
        configuration: pairedConfiguration,
        closure: { (benchmark: Benchmark, fixtures: (list: ListWatcherFixture, page: ListWatcherFixture)) in
            for iteration in benchmark.scaledIterations {
                let times = try await PairTimes.measure(
                    iteration: iteration,
                    first: { try await fixtures.list.deliverOnePage() },
                    second: { try await fixtures.page.deliverOnePage() }
                )
                benchmark.measurement(listTime, Int(times.first / .microseconds(1)))
                benchmark.measurement(pageTime, Int(times.second / .microseconds(1)))
                benchmark.measurement(ratio, times.perMille)
            }
        },
        setup: { (try await ListWatcherFixture(pages: pages, held: 49), try await ListWatcherFixture(pages: pages, held: 0)) }
    )

    Benchmark(
        "Pages, paired: a watcher of the merged list of 980 after the 50th page is written, and of the list after its first page, alternating",
        configuration: .init(metrics: [listTime, pageTime, ratio], maxDuration: .seconds(10), maxIterations: 500)
    ) { benchmark in
        for iteration in benchmark.scaledIterations {
            let list = try await ListWatcherFixture(pages: pages, held: 49, writingNext: false)
            let page = try await ListWatcherFixture(pages: pages, held: 0, writingNext: false)
            let times = try await PairTimes.measure(
                iteration: iteration,
                first: { try await list.deliverNextPage() },
                second: { try await page.deliverNextPage() }
            )
            benchmark.measurement(listTime, Int(times.first / .microseconds(1)))
            benchmark.measurement(pageTime, Int(times.second / .microseconds(1)))
            benchmark.measurement(ratio, times.perMille)
            blackHole((list, page))
        }
    }
}

/// A store holding `held` pages, and with `writingNext` the next, with a watcher of the list;
/// and the means to write the next page, or that last page again with one launch changed, and
/// wait until the watcher has it.
final class ListWatcherFixture: @unchecked Sendable {
    private let pages: ListPages
    private let store: NormalizedStore
    private let number: Int
    private var results: AsyncStream<Result<LaunchPagesQuery.Data, CacheMiss>>.Iterator
    private var isBooked = false

    init(pages: ListPages, held: Int, writingNext: Bool = true) async throws {
        self.pages = pages
        store = try pages.store(holding: held)
        number = held + 1
        if writingNext { try store.write(data: pages.data(number), for: pages.query(number)) }
        results = store.watch(pages.query(1)).makeAsyncIterator()
        let first = await results.next()
        if writingNext || held > 0 {
            let count = pages.size * (writingNext ? number : held)
            guard case .success(let data)? = first, data.launches.launches.count == count else {
                throw PaginationBenchmarkError.unexpectedList
            }
        }
    }

    /// Writes the page after the ones held, and waits for the watcher to deliver the list
    /// with it.
    func deliverNextPage() async throws {
        try store.write(data: pages.data(number), for: pages.query(number))
        guard case .success(let list)? = await results.next(), list.launches.launches.count == pages.size * number else {
            throw PaginationBenchmarkError.unexpectedList
        }
    }

    /// Writes the last page again with its first launch booked or not, and waits for the
    /// watcher to deliver the list with it.
    func deliverOnePage() async throws {
        isBooked.toggle()
        var data = pages.data(number)
        if case .object(var connection)? = data["launches"], case .array(var launches)? = connection["launches"],
           case .object(var launch)? = launches.first {
            launch["isBooked"] = .bool(isBooked)
            launches[0] = .object(launch)
            connection["launches"] = .array(launches)
            data["launches"] = .object(connection)
        }
        try store.write(data: data, for: pages.query(number))
        let changed = (number - 1) * pages.size
        guard case .success(let list)? = await results.next(), list.launches.launches.count == pages.size * number,
              list.launches.launches[changed]?.isBooked == isBooked else {
            throw PaginationBenchmarkError.unexpectedList
        }
    }
}

enum PaginationBenchmarkError: Error {
    case unexpectedList
}

import Graphiti

/// The root resolvers of the live schema, a schema of our own for streaming tests.
struct LiveResolver: Sendable {
    struct CounterArguments: Codable, Sendable {
        let id: GraphQLID
    }

    struct IncrementArguments: Codable, Sendable {
        let id: GraphQLID
        let by: Int
    }

    struct CounterTicksArguments: Codable, Sendable {
        let id: GraphQLID
        let count: Int
    }

    struct CountdownArguments: Codable, Sendable {
        let from: Int
    }

    struct CountersArguments: Codable, Sendable {
        let offset: Int
        let limit: Int
    }

    /// How many counters `counters` lists.
    static let listedCounters = 25

    func counter(context: LiveContext, arguments: CounterArguments) -> Counter {
        context.counters.counter(id: arguments.id.rawValue)
    }

    func counters(context: LiveContext, arguments: CountersArguments) throws -> [Counter] {
        guard arguments.offset >= 0, arguments.limit >= 0 else {
            throw ResolverError.badInput("offset and limit must not be negative.")
        }
        let first = arguments.offset + 1
        let last = min(arguments.offset + arguments.limit, Self.listedCounters)
        guard first <= last else { return [] }
        return (first...last).map { context.counters.counter(id: String($0)) }
    }

    func increment(context: LiveContext, arguments: IncrementArguments) -> Counter {
        context.counters.increment(id: arguments.id.rawValue, by: arguments.by)
    }

    func counterChanged(context: LiveContext, arguments: CounterArguments) -> AsyncStream<Counter> {
        context.counters.changes(id: arguments.id.rawValue, lifetime: context.sourceLifetime)
    }

    /// `Counter(id, 1)`, `Counter(id, 2)`… `Counter(id, count)`, each also set on the counter
    /// (so `counterChanged` subscribers see the ticks too).
    func counterTicks(context: LiveContext, arguments: CounterTicksArguments) -> OnDemandSequence<Counter> {
        let counters = context.counters
        let id = arguments.id.rawValue
        return OnDemandSequence(count: arguments.count, lifetime: context.sourceLifetime) { index in
            counters.set(id: id, value: index + 1)
        }
    }

    /// `from`, `from - 1`… `1`; nothing when `from` is below 1.
    func countdown(context: LiveContext, arguments: CountdownArguments) -> OnDemandSequence<Int> {
        let from = arguments.from
        return OnDemandSequence(count: from, lifetime: context.sourceLifetime) { index in from - index }
    }
}

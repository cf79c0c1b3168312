/// What the live schema's resolvers know about one operation.
struct LiveContext: Sendable {
    let counters: CounterStore
    /// Told when a subscription's source stops; `nil` outside subscriptions.
    let sourceLifetime: SourceLifetime?
}

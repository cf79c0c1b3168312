import Graphiti

/// The schema at `/live/graphql`, for streaming tests (its SDL is in `LiveSchemaTests`):
///
/// ```graphql
/// type Counter { id: ID! value: Int! }
/// type Query {
///   counter(id: ID!): Counter!
///   "The counters 1 to 25 from offset, at most limit of them: an offset list."
///   counters(offset: Int! = 0, limit: Int! = 10): [Counter!]!
/// }
/// type Mutation { increment(id: ID!, by: Int! = 1): Counter! }
/// type Subscription { counterChanged(id: ID!): Counter!  counterTicks(id: ID!, count: Int!): Counter!  countdown(from: Int!): Int! }
/// ```
enum LiveSchema {
    static func make() throws -> Schema<LiveResolver, LiveContext> {
        try Schema<LiveResolver, LiveContext> {
            GraphQLID.scalar()
            Type(Counter.self) {
                Field("id", at: \.id)
                Field("value", at: \.value)
            }
            Query {
                Field("counter", at: LiveResolver.counter) {
                    Argument("id", at: \.id)
                }
                Field("counters", at: LiveResolver.counters) {
                    Argument("offset", at: \.offset).defaultValue(0)
                    Argument("limit", at: \.limit).defaultValue(10)
                }
                .description("The counters 1 to 25 from offset, at most limit of them: an offset list.")
            }
            Mutation {
                Field("increment", at: LiveResolver.increment) {
                    Argument("id", at: \.id)
                    Argument("by", at: \.by).defaultValue(1)
                }
            }
            Subscription {
                SubscriptionField("counterChanged", as: Counter.self, atSub: LiveResolver.counterChanged) {
                    Argument("id", at: \.id)
                }
                .description("Emits the counter each time it changes, until the client stops.")
                SubscriptionField("counterTicks", as: Counter.self, atSub: LiveResolver.counterTicks) {
                    Argument("id", at: \.id)
                    Argument("count", at: \.count)
                }
                .description("Emits Counter(id, value: 1...count) as fast as it can, then completes; each tick also sets the counter's value.")
                SubscriptionField("countdown", as: Int.self, atSub: LiveResolver.countdown) {
                    Argument("from", at: \.from)
                }
                .description("Emits from, from-1, ..., 1, then completes.")
            }
        }
    }
}

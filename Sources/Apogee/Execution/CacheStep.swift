import ApogeeAPI
import ApogeeStore

/// The store's part in a query before any request: the policy and how to read the query.
///
/// Only queries have one; the executor of any other operation goes to the server at once.
struct CacheStep<Data: Sendable>: Sendable {
    let policy: CachePolicy
    /// The query's result from the store, read with the given options.
    let read: @Sendable (CacheReadOptions) -> GraphQLResult<Data>
}

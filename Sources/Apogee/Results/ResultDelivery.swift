import ApogeeAPI

/// How the results of a request arrive, decided once, when the request is made.
///
/// It is the one place that tells a subscription from a query or a mutation: transports read
/// it to choose how to send (a plain request, an event stream), and nothing else in the chain
/// looks at the operation's kind to decide how many results there are. Interceptors need not
/// read it at all: a ``GraphQLInterceptor`` sees every result of every delivery.
public enum ResultDelivery: Sendable, Hashable {
    /// One result: a query or a mutation.
    case single
    /// A first result and then later parts of the same operation, until the last
    /// (incremental delivery, with `@defer` and `@stream`).
    case incremental
    /// One result per event, until the server completes the subscription or the reader stops.
    case subscription

    /// How the results of an operation of this type arrive: incrementally for a query or a
    /// mutation whose document has `@defer` or `@stream`.
    public init<Operation: GraphQLOperation>(for operation: Operation.Type) {
        switch Operation.operationType {
        case .subscription: self = .subscription
        case .query, .mutation: self = Operation.__deliversIncrementally ? .incremental : .single
        }
    }
}

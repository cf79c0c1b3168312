import ApogeeAPI
import Dispatch

extension ApogeeClient {
    /// Starts a subscription and returns its results as they arrive.
    ///
    /// ```swift
    /// for try await result in client.subscribe(subscription: TripsBookedSubscription()) {
    ///     print(result.data?.tripsBooked as Any)
    /// }
    /// ```
    ///
    /// Each result goes through the interceptor chain, then into ``store`` (unless
    /// `writesToStore` is `false`), where watchers of the records it carries see it, and then
    /// to the stream. The store write runs where ``Configuration/subscriptionWriteQueue``
    /// says: on a serial queue of the client's own by default, while the next event is
    /// decoded. GraphQL errors in an event come in its result, not thrown. The stream ends
    /// when the server completes the subscription, and throws when the subscription fails for
    /// good (``ApogeeError/subscription(_:)``) or cannot start.
    ///
    /// Breaking out of the loop, or cancelling the task that reads the stream, stops the
    /// subscription on the server and frees what it held.
    ///
    /// Buffering: the store is written as events arrive, whoever reads the stream. A reader
    /// slower than the events finds at most `bufferLimit` results waiting; when more arrive,
    /// the oldest are dropped (the store has them all). At most 16 results wait for their
    /// store write, and the transport buffers no more than its own limit either, so memory
    /// stays bounded however slow the reader is.
    /// - Parameters:
    ///   - subscription: The generated subscription.
    ///   - writesToStore: Whether each result is normalized into ``store``; `true` by default.
    ///   - bufferLimit: How many unread results the stream keeps; 100 by default.
    ///   - context: Values for the interceptors of this subscription.
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription,
        writesToStore: Bool = true,
        bufferLimit: Int = 100,
        context: RequestContext = RequestContext()
    ) -> AsyncThrowingStream<GraphQLResult<Subscription.Data>, any Error> {
        OperationExecutor(client: self, subscription: subscription, writesToStore: writesToStore, context: context)
            .results(bufferLimit: bufferLimit)
    }

    /// Starts a subscription and calls `resultHandler` with each result, then with the error
    /// that ends it, if one does.
    ///
    /// ```swift
    /// let subscription = client.subscribe(subscription: TripsBookedSubscription()) { result in
    ///     switch result {
    ///     case .success(let graphQLResult): print(graphQLResult.data?.tripsBooked as Any)
    ///     case .failure(let error): print("Subscription failed: \(error)")
    ///     }
    /// }
    /// // Later:
    /// subscription.cancel()
    /// ```
    /// - Parameters:
    ///   - subscription: The generated subscription.
    ///   - writesToStore: Whether each result is normalized into ``store``; `true` by default.
    ///   - context: Values for the interceptors of this subscription.
    ///   - queue: Where to call the handler; by default it is called from the task that reads
    ///     the results. Pass `.main` to update a user interface.
    ///   - resultHandler: Called with each result, and with the error that ends the
    ///     subscription (`CancellationError` after ``Cancellable/cancel()``).
    /// - Returns: A handle that stops the subscription on the server.
    @discardableResult
    public func subscribe<Subscription: GraphQLSubscription>(
        subscription: Subscription,
        writesToStore: Bool = true,
        context: RequestContext = RequestContext(),
        queue: DispatchQueue? = nil,
        resultHandler: @escaping GraphQLResultHandler<Subscription.Data>
    ) -> any Cancellable {
        deliverEach(of: subscribe(subscription: subscription, writesToStore: writesToStore, context: context), queue: queue, resultHandler: resultHandler)
    }
}

import ApogeeAPI

extension ApogeeClient {
    /// Whether every step `operation`'s chain takes keeps the request's deadline itself
    /// (``KeepsRequestDeadline``): its interceptors, as the provider builds them for it, and
    /// the network transport.
    func chainKeepsRequestDeadline<Operation: GraphQLOperation>(for operation: Operation) -> Bool {
        chainKeepsRequestDeadline(through: interceptorProvider.interceptors(for: operation))
    }

    /// Whether a chain of `interceptors`, ending in the network transport, keeps the
    /// request's deadline. An interceptor keeps it by conforming to ``KeepsRequestDeadline``:
    /// its type is asked, since casting the interceptor itself would copy it into a new box
    /// on every request.
    func chainKeepsRequestDeadline(through interceptors: [any GraphQLInterceptor]) -> Bool {
        networkKeepsRequestDeadline && interceptors.allSatisfy { type(of: $0) is any KeepsRequestDeadline.Type }
    }

    /// Whether `transport` keeps the request's deadline itself.
    static func keepsRequestDeadline(_ transport: any NetworkTransport) -> Bool {
        (transport as? any KeepsRequestDeadline)?.keepsRequestDeadline ?? false
    }
}

extension OperationExecutor {
    /// Reads the results of `request`, sent through `interceptors`, into `handle`, or throws
    /// ``ApogeeError/deadlineExceeded(_:)`` when the first result has not come within
    /// `deadline`: for a chain that does not keep the deadline itself
    /// (``ApogeeClient/chainKeepsRequestDeadline(for:)``). Whichever of the first result and the deadline comes first wins, under a
    /// lock, so a result is either written or the request is cancelled, never both; the
    /// write itself is not timed.
    ///
    /// The request is cancelled, not abandoned: the error is thrown only once it has ended.
    /// Every request's deadline shares the process's one timer (``DeadlineWatchdog/requests``),
    /// so a request pays for a task to cancel and a registration, not for a timer of its own.
    func receive(
        _ request: GraphQLRequest<Operation>,
        through interceptors: [any GraphQLInterceptor],
        within deadline: Duration,
        _ handle: @escaping @Sendable (OperationResult, Bool) async -> Void
    ) async throws -> Int {
        // nil while undecided; true once the first result came, false once the deadline passed.
        let firstCame = Locked<Bool?>(nil)
        @Sendable func claim(_ came: Bool) -> Bool {
            firstCame.withLock { decided in
                guard decided == nil else { return false }
                decided = came
                return true
            }
        }
        let watchdog = DeadlineWatchdog.requests
        do {
            // A result that comes after the deadline is the deadline's, whichever happens first.
            let count = try await watchdog.run(until: watchdog.now + deadline, claimingExpiry: { claim(false) }) {
                try await self.receive(request, through: interceptors, claimingFirst: { claim(true) }, handle)
            }
            guard let count else { throw ApogeeError.deadlineExceeded(deadline) }
            return count
        } catch is DeadlineWatchdog<TaskTimer>.Expired {
            throw ApogeeError.deadlineExceeded(deadline)
        }
    }
}

import ApogeeAPI

extension OperationExecutor {
    /// What ended one of the two tasks racing for the first result.
    private enum Race: Sendable {
        /// The results were read: this many.
        case received(Int)
        /// The deadline passed before the first result.
        case expired
        /// The deadline passed after the first result, so it no longer counts.
        case disarmed
    }

    /// Reads the results of `request` into `handle`, or throws
    /// ``ApogeeError/deadlineExceeded(_:)`` when the first result has not come within
    /// `deadline`. Whichever of the first result and the deadline comes first wins, under a
    /// lock, so a result is either written or the request is cancelled, never both; the
    /// write itself is not timed.
    ///
    /// The request is cancelled, not abandoned: the error is thrown only once it has ended.
    func receive(
        _ request: GraphQLRequest<Operation>,
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
        return try await withThrowingTaskGroup(of: Race.self) { group in
            group.addTask {
                // A result that comes after the deadline is the deadline's, whichever task ends first.
                guard let count = try await self.receive(request, claimingFirst: { claim(true) }, handle) else { return .expired }
                return .received(count)
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return claim(false) ? .expired : .disarmed
            }
            defer { group.cancelAll() }
            while let outcome = try await group.next() {
                switch outcome {
                case .received(let count):
                    return count
                case .disarmed:
                    continue
                case .expired:
                    group.cancelAll()
                    while let _ = try? await group.next() {}
                    throw ApogeeError.deadlineExceeded(deadline)
                }
            }
            throw CancellationError()
        }
    }
}

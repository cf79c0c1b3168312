import ApogeeStore

/// Over shared storage, a claim is a short lease that its worker renews while it delivers the
/// mutation: a request may take longer than the lease, and a worker that dies must free its
/// queue within seconds, not after the longest request there could be.
extension MutationQueue {
    /// Runs `body`, the claimed mutation's delivery, while a child task renews the claim every
    /// ``Configuration/leaseRenewalInterval``; returns what `body` gave, and whether the claim
    /// was still this worker's at the last renewal. The renewals stop when `body` returns.
    func renewingClaim<Value: Sendable>(
        _ claim: QueuedMutation,
        over shared: any SharedMutationQueueStorage,
        _ body: () async throws -> Value
    ) async -> (Result<Value, any Error>, isStillClaimed: Bool) {
        let worker = configuration.workerName
        let lease = configuration.lease
        let interval = configuration.leaseRenewalInterval
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { await Self.renew(claim, by: worker, for: lease, every: interval, over: shared) }
            let result: Result<Value, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            group.cancelAll()
            return (result, await group.next() ?? true)
        }
    }

    /// Renews a claim every `interval` until cancelled; `false` as soon as storage says the
    /// claim is no longer `worker`'s, `true` when cancelled with the claim held.
    private static func renew(
        _ claim: QueuedMutation,
        by worker: String,
        for lease: Duration,
        every interval: Duration,
        over shared: any SharedMutationQueueStorage
    ) async -> Bool {
        while true {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return true
            }
            do {
                guard try await shared.renew(claim, by: worker, for: lease) else { return false }
            } catch {
                // Storage could not be reached: the next interval tries again, within the lease
                // when storage comes back in time. Settling checks the claim either way.
            }
        }
    }
}

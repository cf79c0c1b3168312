import ApogeeStore

/// Over shared storage, a claim is a short lease that its worker renews while it delivers the
/// mutation: a request may take longer than the lease, and a worker that dies must free its
/// queue within seconds, not after the longest request there could be.
///
/// One renewal loop serves every delivery of the queue: a task per delivery, sleeping and then
/// cancelled, cost two thread wake-ups and a timer for each mutation, however short its request.
extension MutationQueue {
    /// Runs `body`, the claimed mutation's delivery, while the queue's renewal loop renews the
    /// claim every ``Configuration/leaseRenewalInterval``; returns what `body` gave, and whether
    /// the claim was still this worker's at the last renewal.
    func renewingClaim<Value: Sendable>(
        _ claim: QueuedMutation,
        over shared: any SharedMutationQueueStorage,
        _ body: () async throws -> Value
    ) async -> (Result<Value, any Error>, isStillClaimed: Bool) {
        claimsInFlight[claim.id] = claim
        if renewals == nil { renewals = makeRenewalLoop(over: shared) }
        let result: Result<Value, any Error>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        claimsInFlight[claim.id] = nil
        return (result, lostClaims.remove(claim.id) == nil)
    }

    /// Every interval, renews the claims in flight then; a claim storage says is no longer this
    /// worker's is noted as lost. Ends at a tick that finds no claim in flight.
    private func makeRenewalLoop(over shared: any SharedMutationQueueStorage) -> Task<Void, Never> {
        let worker = configuration.workerName
        let lease = configuration.lease
        let interval = configuration.leaseRenewalInterval
        return Task { [weak self] in
            while true {
                // Never cancelled but by the queue's stop: the loop ends when nothing is in flight.
                do { try await Task.sleep(for: interval) } catch { return }
                guard let self, let claims = await self.claimsToRenew() else { return }
                for claim in claims {
                    do {
                        if try await !shared.renew(claim, by: worker, for: lease) { await self.claimWasLost(claim) }
                    } catch {
                        // Storage could not be reached: the next tick tries again, within the
                        // lease when storage comes back in time. Settling checks the claim either way.
                    }
                }
            }
        }
    }

    /// The claims in flight, or `nil`, ending the loop, when there are none.
    private func claimsToRenew() -> [QueuedMutation]? {
        guard !claimsInFlight.isEmpty else {
            renewals = nil
            return nil
        }
        return Array(claimsInFlight.values)
    }

    private func claimWasLost(_ claim: QueuedMutation) {
        // A delivery that ended meanwhile is not told (its settlement checks the claim itself),
        // nor a later claim of the same mutation, which its attempt count tells apart.
        if claimsInFlight[claim.id]?.attempts == claim.attempts { lostClaims.insert(claim.id) }
    }
}

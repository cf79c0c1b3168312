import ApogeeStore

/// Over shared storage, a claim is a short lease that its worker renews while it delivers the
/// mutation: a request may take longer than the lease, and a worker that dies must free its
/// queue within seconds, not after the longest request there could be.
///
/// One renewal loop serves every delivery of the queue: a task per delivery, sleeping and then
/// cancelled, cost two thread wake-ups and a timer for each mutation, however short its request.
extension MutationQueue {
    /// Keeps claims renewed, every ``Configuration/leaseRenewalInterval``, from their claim
    /// until ``letGo(_:)``: a batch's claims stay in flight until they are settled or given
    /// back, the ones delivered first included.
    func hold(_ claims: [QueuedMutation], over shared: any SharedMutationQueueStorage) {
        for claim in claims { claimsInFlight[claim.id] = claim }
        if renewals == nil { renewals = makeRenewalLoop(over: shared) }
    }

    /// Stops renewing claims, settled or given back.
    func letGo(_ claims: some Sequence<QueuedMutation>) {
        for claim in claims {
            claimsInFlight[claim.id] = nil
            lostClaims.remove(claim.id)
        }
    }

    /// Whether a renewal found that a claim held is no longer this worker's.
    func wasLost(_ claim: QueuedMutation) -> Bool {
        lostClaims.contains(claim.id)
    }

    /// Every interval, renews the claims in flight then, in one call; a claim storage says is no
    /// longer this worker's is noted as lost. Ends at a tick that finds no claim in flight.
    private func makeRenewalLoop(over shared: any SharedMutationQueueStorage) -> Task<Void, Never> {
        let worker = configuration.workerName
        let lease = configuration.lease
        let interval = configuration.leaseRenewalInterval
        return Task { [weak self] in
            while true {
                // Never cancelled but by the queue's stop: the loop ends when nothing is in flight.
                do { try await Task.sleep(for: interval) } catch { return }
                guard let self, let claims = await self.claimsToRenew() else { return }
                // A batch in flight is renewed in one call, however many claims it holds.
                guard let held = try? await shared.renew(claims: claims, by: worker, for: lease) else {
                    // Storage could not be reached: the next tick tries again, within the
                    // lease when storage comes back in time. Settling checks the claim either way.
                    continue
                }
                for claim in claims where !held.contains(claim.idempotencyKey) {
                    await self.claimWasLost(claim)
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

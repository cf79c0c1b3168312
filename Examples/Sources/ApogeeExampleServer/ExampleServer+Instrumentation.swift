extension ExampleServer {
    /// Every request the GraphQL endpoints received, in arrival order, faulted ones included.
    public var recordedRequests: [RecordedRequest] {
        services.recorder.all
    }

    /// How many requests the GraphQL endpoints received (faulted ones included).
    public var requestCount: Int {
        services.recorder.all.count
    }

    /// How many requests carried `operationName` (in the JSON body or the GET parameters).
    public func requestCount(operationName: String) -> Int {
        services.recorder.all.filter { $0.operationName == operationName }.count
    }

    /// The requests that carried `operationName`, in arrival order.
    public func recordedRequests(operationName: String) -> [RecordedRequest] {
        services.recorder.all.filter { $0.operationName == operationName }
    }

    /// Forgets the recorded requests (counts start again from zero).
    public func resetRecordedRequests() {
        services.recorder.removeAll()
    }

    /// The `Idempotency-Key`s whose mutation was applied, in the order applied. A key sent
    /// again is answered from memory and does not appear twice.
    public var appliedIdempotencyKeys: [String] {
        services.idempotency.appliedKeys
    }

    /// Returns once at least `count` mutations with an `Idempotency-Key` have been applied:
    /// how a test waits for delivery to progress.
    public func waitUntilAppliedIdempotencyKeys(count: Int) async {
        await services.idempotency.waitUntilApplied(count: count)
    }

    /// Makes RocketReserver's fields named `Type.field` fail from now on (`Launch.mission`,
    /// `Launch.rocket`, and the non-null `Launch.isBooked`): each answers `null` with an error
    /// at its path, as a server whose resolver failed does (the non-null one makes its launch
    /// `null`, unless the request asks for `onError: NULL`). An empty set makes every field
    /// resolve again.
    public func setFailingFields(_ fields: Set<String>) async {
        await rocketReserverStore.setFailingFields(fields)
    }

    /// Changes the pause before each mutation (see ``Configuration/mutationDelay``).
    public func setMutationDelay(_ delay: Duration) {
        services.mutationPause.setDelay(delay)
    }

    /// Holds every mutation that arrives from now on, over HTTP, WebSocket and Server-Sent
    /// Events, until ``releaseMutations()``: a test that needs a mutation in flight waits
    /// for events instead of for a delay. Shutdown releases them too.
    public func holdMutations() {
        services.mutationPause.hold()
    }

    /// Returns once at least `count` mutations are held by ``holdMutations()``: at once if they
    /// are, otherwise right after the arrival that makes it so. A test that needs a mutation in
    /// flight waits for it here.
    public func waitForHeldMutations(_ count: Int = 1) async {
        await services.mutationPause.waitForHeld(count)
    }

    /// Lets every held mutation run, and stops holding new ones.
    public func releaseMutations() {
        services.mutationPause.release()
    }

    /// Makes every Todo mutation fail (or succeed again), like ``Configuration/rejectsTodoMutations``.
    public func setRejectsTodoMutations(_ rejects: Bool) async {
        await todoStore.setRejectsMutations(rejects)
    }
}

extension ExampleServer {
    /// Every file received in GraphQL multipart requests, in arrival order. The files stay on
    /// disk (``UploadedFile/storedAt``) until the server shuts down, so tests can compare bytes.
    public var receivedUploads: [UploadedFile] {
        services.uploads.all
    }
}

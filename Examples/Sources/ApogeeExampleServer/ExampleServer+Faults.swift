extension ExampleServer {
    /// Scripts the answer to the next GraphQL request (to either endpoint); faults queue up
    /// and are used first in, first out, one per request.
    ///
    /// ```swift
    /// server.enqueueFault(.htmlErrorPage(status: 500))
    /// server.enqueueFault(.rawBody(#"{"data": {"launch": {"id": 5}}}"#))
    /// server.enqueueFault(.closeMidResponse())
    /// ```
    public func enqueueFault(_ fault: ExampleServerFault) {
        services.faults.enqueue(fault)
    }

    /// Scripts the answers to the next requests, in order.
    public func enqueueFaults(_ faults: [ExampleServerFault]) {
        for fault in faults { services.faults.enqueue(fault) }
    }

    /// How many scripted faults still wait for a request.
    public var pendingFaultCount: Int {
        services.faults.count
    }

    /// Drops the scripted faults no request has used yet.
    public func removePendingFaults() {
        services.faults.removeAll()
    }
}

import ApogeeAPI

/// Keeps every request the server received, in arrival order.
final class RequestRecorder: Sendable {
    private let requests = Locked<[RecordedRequest]>([])

    func record(_ request: RecordedRequest) {
        requests.withLock { $0.append(request) }
    }

    var all: [RecordedRequest] {
        requests.withLock { $0 }
    }

    func removeAll() {
        requests.withLock { $0.removeAll() }
    }
}

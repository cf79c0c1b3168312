import ApogeeAPI
import NIOConcurrencyHelpers

/// Keeps every request the server received, in arrival order.
final class RequestRecorder: Sendable {
    private let requests = NIOLockedValueBox<[RecordedRequest]>([])

    func record(_ request: RecordedRequest) {
        requests.withLockedValue { $0.append(request) }
    }

    var all: [RecordedRequest] {
        requests.withLockedValue { $0 }
    }

    func removeAll() {
        requests.withLockedValue { $0.removeAll() }
    }
}

import Apogee
import ApogeeAPI

/// A durable queue's observer that keeps every event, so a test waits for the step it needs (a
/// failed attempt, a delivery) instead of for time.
///
/// ```swift
/// let observer = RecordingQueueObserver()
/// let queue = MutationQueue(client: client, storage: storage, configuration: .init(observer: observer))
/// try await queue.enqueue(BookTripMutation(id: "25"))
/// await observer.waitForEvent { if case .retryScheduled = $0.kind { true } else { false } }
/// ```
public final class RecordingQueueObserver: MutationQueueObserver {
    private struct State {
        var events: [MutationQueueEvent] = []
        var waiters: [(matches: @Sendable (MutationQueueEvent) -> Bool, continuation: CheckedContinuation<MutationQueueEvent, Never>)] = []
    }

    private let state = Locked(State())

    /// Creates an observer with no events.
    public init() {}

    /// Every event so far, in order.
    public var events: [MutationQueueEvent] {
        state.withLock { $0.events }
    }

    /// Keeps the event and wakes the waiters it answers.
    public func observe(_ event: MutationQueueEvent) {
        let answered = state.withLock { state in
            state.events.append(event)
            let answered = state.waiters.filter { $0.matches(event) }.map(\.continuation)
            state.waiters.removeAll { $0.matches(event) }
            return answered
        }
        for continuation in answered { continuation.resume(returning: event) }
    }

    /// The first event, past or to come, that `matches` accepts.
    @discardableResult
    public func waitForEvent(where matches: @escaping @Sendable (MutationQueueEvent) -> Bool) async -> MutationQueueEvent {
        await withCheckedContinuation { continuation in
            let past = state.withLock { state -> MutationQueueEvent? in
                if let event = state.events.first(where: matches) { return event }
                state.waiters.append((matches, continuation))
                return nil
            }
            if let past { continuation.resume(returning: past) }
        }
    }
}

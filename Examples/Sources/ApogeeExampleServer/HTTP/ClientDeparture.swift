import NIOConcurrencyHelpers

/// Whether the client of a streamed answer went away, and a pause that ends early when it does,
/// so that an answer between two parts stops at once instead of after its delay.
final class ClientDeparture: Sendable {
    private struct State {
        var hasLeft = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
    }

    private let state = NIOLockedValueBox(State())

    var hasLeft: Bool { state.withLockedValue { $0.hasLeft } }

    /// Records that the client left and wakes every pause.
    func markLeft() {
        let waiters = state.withLockedValue { state in
            state.hasLeft = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits for `duration`, or less if the client leaves first or the task is cancelled.
    /// - Returns: whether the client left.
    func pause(for duration: Duration) async -> Bool {
        guard !hasLeft else { return true }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.waitUntilLeft() }
            await group.next()
            group.cancelAll()
        }
        return hasLeft
    }

    private func waitUntilLeft() async {
        let id = state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLockedValue { state in
                    if state.hasLeft || state.cancelled.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }
    }
}

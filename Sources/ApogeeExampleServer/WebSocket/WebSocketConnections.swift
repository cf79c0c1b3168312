/// The graphql-transport-ws sockets of one server that are open now, for fault injection and
/// shutdown, and the switches that apply to all of them.
final class WebSocketConnections: Sendable {
    private struct State {
        var lastNumber = 0
        var open: [Int: GraphQLWebSocketConnection] = [:]
        var answersPings = true
    }

    private let state = Locked(State())

    /// The next connection number: 1, 2, 3… per server.
    func makeNumber() -> Int {
        state.withLock { state in
            state.lastNumber += 1
            return state.lastNumber
        }
    }

    func add(_ connection: GraphQLWebSocketConnection) {
        state.withLock { $0.open[connection.number] = connection }
    }

    func remove(number: Int) {
        state.withLock { _ = $0.open.removeValue(forKey: number) }
    }

    /// The open connections, oldest first.
    var all: [GraphQLWebSocketConnection] {
        state.withLock { state in state.open.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Whether `ping` messages get a `pong` (a fault turns it off).
    var answersPings: Bool {
        get { state.withLock { $0.answersPings } }
        set { state.withLock { $0.answersPings = newValue } }
    }
}

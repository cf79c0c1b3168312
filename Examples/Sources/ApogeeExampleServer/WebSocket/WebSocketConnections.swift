import ApogeeAPI
import NIOConcurrencyHelpers

/// The graphql-transport-ws sockets of one server that are open now, for fault injection and
/// shutdown, and the switches that apply to all of them.
final class WebSocketConnections: Sendable {
    private struct State {
        var lastNumber = 0
        var open: [Int: GraphQLWebSocketConnection] = [:]
        var answersPings = true
        /// Sockets that ignore `ping` whatever ``answersPings`` says.
        var silenced: Set<Int> = []
        var shuttingDown = false
    }

    private let state = NIOLockedValueBox(State())

    /// The next connection number: 1, 2, 3… per server.
    func makeNumber() -> Int {
        state.withLockedValue { state in
            state.lastNumber += 1
            return state.lastNumber
        }
    }

    /// Registers a new socket; `false` once the server is shutting down, when the socket
    /// must be sent away.
    func add(_ connection: GraphQLWebSocketConnection) -> Bool {
        state.withLockedValue { state in
            guard !state.shuttingDown else { return false }
            state.open[connection.number] = connection
            return true
        }
    }

    /// Refuses sockets from now on, and returns the open ones to close: a client that
    /// reconnects at once must not find a server that is still half there.
    func beginShutdown() -> [GraphQLWebSocketConnection] {
        state.withLockedValue { state in
            state.shuttingDown = true
            return state.open.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    func remove(number: Int) {
        state.withLockedValue { state in
            state.open[number] = nil
            state.silenced.remove(number)
        }
    }

    /// Makes the sockets open now ignore `ping` from here on; later ones still answer.
    func silenceOpenSockets() {
        state.withLockedValue { state in state.silenced.formUnion(state.open.keys) }
    }

    /// Whether socket `number` answers a `ping` now.
    func answersPing(on number: Int) -> Bool {
        state.withLockedValue { $0.answersPings && !$0.silenced.contains(number) }
    }

    /// The open connections, oldest first.
    var all: [GraphQLWebSocketConnection] {
        state.withLockedValue { state in state.open.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Whether `ping` messages get a `pong` (a fault turns it off).
    var answersPings: Bool {
        get { state.withLockedValue { $0.answersPings } }
        set { state.withLockedValue { $0.answersPings = newValue } }
    }
}

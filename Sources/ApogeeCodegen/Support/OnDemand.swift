import ApogeeAPI

/// A value worked out the first time it is asked for, once, whichever thread asks.
///
/// A loaded schema keeps GraphQLSwift's build of it this way: most runs never need it, because
/// Apogee's own checks pass the schema and its operations, and building it was most of a
/// load on a schema the size of GitHub's.
final class OnDemand<Value: Sendable>: Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case done(Value)
    }

    private let state: Locked<State>

    init(_ work: @escaping @Sendable () -> Value) {
        state = Locked(.pending(work))
    }

    /// A value already worked out.
    init(value: Value) {
        state = Locked(.done(value))
    }

    /// The value, worked out now if it has not been yet; a second caller waits for the first.
    var value: Value {
        state.withLock { state in
            switch state {
            case .done(let value):
                return value
            case .pending(let work):
                let value = work()
                state = .done(value)
                return value
            }
        }
    }
}

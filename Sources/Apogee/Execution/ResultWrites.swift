import ApogeeAPI
import Dispatch

/// How an executor writes the results the server sends.
struct ResultWrites: Sendable {
    /// Whether results go into the store at all.
    var toStore: Bool
    /// The operation's variables as JSON, worked out once when they serve many results.
    var variables: JSONObject?
    /// The serial queue that writes the results, when not the executor's own task (the
    /// client's subscription write queue).
    var queue: DispatchQueue?

    /// Results are handed on as they came.
    static let none = ResultWrites(toStore: false)
    /// Each result is written into the store by the executor's task.
    static let store = ResultWrites(toStore: true)

    /// Each result of `operation` is written into the store by the executor's task, with its
    /// variables worked out once when it delivers incrementally: every payload's write needs them.
    static func store<Operation: GraphQLOperation>(for operation: Operation) -> ResultWrites {
        guard ResultDelivery(for: Operation.self) == .incremental else { return .store }
        return ResultWrites(toStore: true, variables: operation.variablesJSON)
    }
}

import ApogeeAPI

/// A queued mutation as it is sent: the generated type's document and selections with the
/// variables that were stored, so that one sent after a restart is the same as one sent at
/// once.
struct StoredMutation<Base: GraphQLMutation>: GraphQLMutation {
    typealias Data = Base.Data

    static var operationName: String { Base.operationName }
    static var document: String { Base.document }
    static var operationIdentifier: String { Base.operationIdentifier }
    static var __clientOnlyVariables: Set<String> { Base.__clientOnlyVariables }
    static var __deliversIncrementally: Bool { Base.__deliversIncrementally }

    let variables: [InputField]

    init(variables: JSONObject) {
        // Sorted so that the body sent is the same on every attempt.
        self.variables = variables.sorted { $0.key < $1.key }.map { InputField($0.key, .json($0.value)) }
    }
}

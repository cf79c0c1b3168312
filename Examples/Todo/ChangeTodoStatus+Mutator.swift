import Apogee
import TodoAPI

/// The guide's convenience API: the view says which to-do and what status; the input's shape
/// and the optimistic response stay here.
extension Mutator where Operation == ChangeTodoStatusMutation {
    func commit(id: String, complete: Bool) {
        commit(
            .init(input: .init(complete: complete, id: id, userId: "me")),
            optimisticResponse: [
                "changeTodoStatus": [
                    "todo": ["id": .string(id), "complete": .bool(complete)],
                ],
            ]
        )
    }
}

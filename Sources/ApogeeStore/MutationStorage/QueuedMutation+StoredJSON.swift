import ApogeeAPI
import Foundation

extension QueuedMutation {
    /// A generated mutation as a queue writes it: its document and its variables as JSON, with
    /// the key that every attempt sends.
    package init<Mutation: GraphQLMutation>(
        _ mutation: Mutation,
        queue: String,
        idempotencyKey: String,
        optimisticResponse: JSONObject? = nil,
        optimisticChanges: RecordChangeSet? = nil
    ) {
        self.init(
            idempotencyKey: idempotencyKey,
            queue: queue,
            operationName: Mutation.operationName,
            document: Mutation.document,
            variables: mutation.variablesJSON,
            optimisticResponse: optimisticResponse,
            optimisticChanges: optimisticChanges
        )
    }

    /// The JSON columns of a stored mutation, as text, the same in SQLite and PostgreSQL:
    /// the variables, and the optimistic response and changes when there are any.
    package var storedJSONText: (variables: String, optimisticResponse: String?, optimisticChanges: String?) {
        (
            JSONValue.object(variables).serializedString,
            optimisticResponse.map { JSONValue.object($0).serializedString },
            optimisticChanges.map { JSONValue.object($0.persistedJSON).serializedString }
        )
    }

    /// Reads the JSON columns of ``storedJSONText`` back; the error is what is wrong, for the
    /// storage to name with the row.
    package static func decodeStoredJSON(
        variables: String,
        optimisticResponse: String?,
        optimisticChanges: String?
    ) throws(StoredJSONError) -> (variables: JSONObject, optimisticResponse: JSONObject?, optimisticChanges: RecordChangeSet?) {
        guard case .object(let decodedVariables)? = try? JSONValue(parsing: variables) else {
            throw StoredJSONError(reason: "the variables are not a JSON object")
        }
        var response: JSONObject?
        if let optimisticResponse {
            guard case .object(let object)? = try? JSONValue(parsing: optimisticResponse) else {
                throw StoredJSONError(reason: "the optimistic response is not a JSON object")
            }
            response = object
        }
        var changes: RecordChangeSet?
        if let optimisticChanges {
            guard case .object(let json)? = try? JSONValue(parsing: optimisticChanges), let changeSet = try? RecordChangeSet(persistedJSON: json) else {
                throw StoredJSONError(reason: "the optimistic changes are not a change set")
            }
            changes = changeSet
        }
        return (decodedVariables, response, changes)
    }

    /// What is wrong with a stored mutation's JSON.
    package struct StoredJSONError: Error {
        /// What is wrong, for a message that names the row.
        package var reason: String
    }
}

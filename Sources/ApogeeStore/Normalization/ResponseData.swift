import ApogeeAPI

/// The `data` of a response as the store takes it: a tree, or a value of a parsed
/// `JSONDocument` that the normalizer reads in place.
///
/// Kept with a server result so that the store normalizes what the server sent rather than
/// the typed data encoded again. The callers above the normalizer are generic over the
/// operation, so they pass this enum, and the normalizer is specialized for each case where
/// the case is known.
package enum ResponseData: Sendable {
    /// Data as a tree: a batch's entry, a WebSocket message, a stored outcome, the app's write.
    case tree(JSONObject)
    /// Data read in place from a parsed body.
    case document(JSONDocument.Value)

    /// The data as a tree, made from the document when it is one.
    package var tree: JSONObject {
        switch self {
        case .tree(let object): object
        case .document(let value): value.jsonValue.objectValue ?? [:]
        }
    }

    /// Reads the data into a generated type.
    package func decode<Value: SelectionSet>(as type: Value.Type) throws -> Value {
        switch self {
        case .tree(let object): try Value(json: object)
        case .document(let value): try Value(parsed: value)
        }
    }

    /// The data with the response's errors placed at the `null`s they explain, for decoding
    /// (`FieldResult`, `@catch`, semantically non-null fields) and for the store, which keeps
    /// such a field as ``RecordValue/fieldError(_:)``. The data itself when no error has a
    /// path into it.
    package func withFieldErrors(_ errors: [GraphQLError]) throws -> ResponseData {
        guard errors.contains(where: { $0.path.map { !$0.components.isEmpty } ?? false }) else { return self }
        switch self {
        case .document(let value):
            return .document(value.withFieldErrors(errors))
        case .tree(let object):
            // Errors are rare: the tree is written out and parsed once, so that decoding and
            // the store read errors the one way they read them.
            return .document(try JSONDocument(parsing: JSONValue.object(object).serialized()).root.withFieldErrors(errors))
        }
    }
}

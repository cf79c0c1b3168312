import ApogeeAPI

/// Response JSON as the normalizer walks it: a `JSONValue` tree, or a value of a parsed
/// `JSONDocument`, read in place without a tree. Callers pass a concrete type (see
/// ``ResponseData``), so that the normalizer is specialized for each.
package protocol ResponseJSON {
    /// The value of the object's field `name`; `nil` when it is absent or this is no object.
    func member(_ name: String) -> Self?
    /// Whether the value is JSON `null`.
    var isNull: Bool { get }
    /// Whether the value is an object.
    var isObject: Bool { get }
    /// The list's elements, or `nil` when the value is not a list.
    var elements: [Self]? { get }
    /// The string, or `nil` when the value is not one.
    var stringValue: String? { get }
    /// A short name of the value's JSON kind, for error messages.
    var kindDescription: String { get }
    /// The value as a tree: what a record keeps of a scalar, and what a key resolver reads.
    var jsonValue: JSONValue { get }
    /// How many objects the value holds, itself included, when that is known without a walk;
    /// otherwise 0.
    var objectCount: Int { get }
    /// For a `null` the server explains with errors, those errors; empty otherwise.
    var fieldErrors: [GraphQLError] { get }
}

extension ResponseJSON {
    /// What a record keeps of a scalar field's value: a `null` the server explains with
    /// errors is kept as those errors, not as a value.
    package var scalarRecordValue: RecordValue {
        isNull ? .null(explainedBy: fieldErrors) : .scalar(jsonValue)
    }
}

extension JSONValue: ResponseJSON {
    package func member(_ name: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[name] }
        return nil
    }

    package var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    package var elements: [JSONValue]? { arrayValue }

    package var jsonValue: JSONValue { self }

    package var objectCount: Int { 0 }

    /// A tree carries no errors beside it: ``ResponseData`` makes a document of one that has.
    package var fieldErrors: [GraphQLError] { [] }
}

extension JSONDocument.Value: ResponseJSON {}

import ApogeeAPI

/// What a mutation is expected to answer, shown before the server does: typed `Data` built
/// with the generated initializers, or a JSON object shaped like the response's `data`.
///
/// ```swift
/// // Typed: the compiler checks the shape.
/// optimisticResponse: .data(.init(renameTodo: .init(todo: .init(id: id, text: newText))))
/// // JSON, as in Relay: fields left out are left alone in the store.
/// optimisticResponse: ["changeTodoStatus": ["todo": ["id": .string(id), "complete": true]]]
/// ```
public struct OptimisticResponse<Data: RootSelectionSet>: Sendable, ExpressibleByDictionaryLiteral {
    /// The response as the JSON a server would send for `data`.
    public let json: JSONObject
    /// The typed data, when the response was given typed.
    public let typedData: Data?

    /// A typed optimistic response.
    public init(_ data: Data) {
        self.json = data.__fields
        self.typedData = data
    }

    /// An optimistic response as a JSON object. Objects are stored by their key (`Todo:1`
    /// from `id`), so give the `id` of each object whose fields should change. A missing
    /// `__typename` is filled in from the schema's type of the field; give it for objects of
    /// interface or union type.
    public init(json: JSONObject) {
        self.json = Self.fillingTypenames(json, selections: Data.__selections)
        self.typedData = nil
    }

    /// A JSON optimistic response written as a dictionary literal, as in Relay.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(json: JSONObject(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A typed optimistic response.
    public static func data(_ data: Data) -> Self {
        Self(data)
    }

    /// An optimistic response as a JSON object.
    public static func json(_ object: JSONObject) -> Self {
        Self(json: object)
    }
}

/// An updater function: changes the store beyond what normalizing a mutation's data does,
/// given the store and the mutation's typed data (`nil` when there is none, or when an
/// optimistic response given as JSON does not make a complete `Data`).
///
/// Updaters run inside the store's lock and may run again (an optimistic updater runs again
/// each time its layer is rebased), so they must be quick and have no other side effects.
public typealias StoreUpdater<Data: Sendable> = @Sendable (_ store: StoreProxy, _ data: Data?) throws -> Void

/// A type whose stored properties are response fields: generated selection sets (and their
/// `Fragments`) name the response key each property reads, for ``FieldPath``.
public protocol ResponseFieldNaming {
    /// The response key the property at `field` holds; `""` for a property that holds more
    /// of the same object (`fragments`, a type case), `nil` for any other key path.
    static func __responseKey(for field: AnyKeyPath) -> String?
}

extension ResponseFieldNaming {
    public static func __responseKey(for field: AnyKeyPath) -> String? { nil }
}

/// A field of an operation's data, named by the generated types' key paths instead of a
/// path string: `$0.launches.launches[2].mission`. Optionals, `FieldResult`s and lists are
/// stepped through as the data is; what the path leads to is its ``responsePath``.
///
/// ```swift
/// let missionErrors = result.errors(at: { $0.launch.mission })
/// ```
@dynamicMemberLookup
public struct FieldPath<Value>: Sendable, Hashable {
    /// The place in the response, from the root of `data`; `nil` when a step was not a
    /// response field (a computed property, say), so that the path names nothing.
    public let responsePath: ResponsePath?

    /// The root of the data.
    public init() {
        responsePath = ResponsePath()
    }

    private init(responsePath: ResponsePath?) {
        self.responsePath = responsePath
    }

    /// The path one step on: the field `key`, nothing for `""`, or a path to nothing.
    fileprivate func field<Next>(_ key: String?) -> FieldPath<Next> {
        guard let key, let path = responsePath else { return FieldPath<Next>(responsePath: nil) }
        if key.isEmpty { return FieldPath<Next>(responsePath: path) }
        return FieldPath<Next>(responsePath: ResponsePath(path.components + [.field(key)]))
    }

    /// The path one step on, at a list's element.
    fileprivate func element<Next>(_ index: Int) -> FieldPath<Next> {
        FieldPath<Next>(responsePath: responsePath.map { ResponsePath($0.components + [.index(index)]) })
    }
}

extension FieldPath where Value: ResponseFieldNaming {
    /// The field a property of the object holds.
    public subscript<Field>(dynamicMember property: KeyPath<Value, Field>) -> FieldPath<Field> {
        field(Value.__responseKey(for: property))
    }
}

extension FieldPath {
    /// The field a property of an optional object holds.
    public subscript<Object: ResponseFieldNaming, Field>(dynamicMember property: KeyPath<Object, Field>) -> FieldPath<Field>
    where Value == Object? {
        field(Object.__responseKey(for: property))
    }

    /// The field a property of an object in a `FieldResult` holds.
    public subscript<Object: ResponseFieldNaming, Field>(dynamicMember property: KeyPath<Object, Field>) -> FieldPath<Field>
    where Value == FieldResult<Object> {
        field(Object.__responseKey(for: property))
    }

    /// The field a property of an optional object in a `FieldResult` holds.
    public subscript<Object: ResponseFieldNaming, Field>(dynamicMember property: KeyPath<Object, Field>) -> FieldPath<Field>
    where Value == FieldResult<Object?> {
        field(Object.__responseKey(for: property))
    }

    /// A list's element.
    public subscript<Element>(index: Int) -> FieldPath<Element> where Value == [Element] {
        element(index)
    }

    /// An optional list's element.
    public subscript<Element>(index: Int) -> FieldPath<Element> where Value == [Element]? {
        element(index)
    }

    /// The element of a list in a `FieldResult`.
    public subscript<Element>(index: Int) -> FieldPath<Element> where Value == FieldResult<[Element]> {
        element(index)
    }

    /// The element of an optional list in a `FieldResult`.
    public subscript<Element>(index: Int) -> FieldPath<Element> where Value == FieldResult<[Element]?> {
        element(index)
    }
}

extension GraphQLError {
    /// Whether the error is about the field at `path` or a field inside it.
    public func isAt(_ path: ResponsePath) -> Bool {
        guard let own = self.path?.components, own.count >= path.components.count else { return false }
        return own.starts(with: path.components)
    }
}

import ApogeeAPI

/// What `@paginated` in the schema says about a list that arrives a page at a time, as
/// codegen puts it on each selection of the field (for cursor and offset lists; a Relay
/// connection gets `@connection` instead).
///
/// The page arguments (the cursor or offset, and the page size) are left out of the field's
/// storage key, so every page of `launches(pageSize: 20, after: $cursor)` lands in one list,
/// and each page written is merged there (``CacheTransaction/mergeListPages(_:into:)``).
package struct PaginatedDirective: Sendable {
    /// The directive's name in the selection metadata.
    package static let name = "paginated"

    /// How a page says where it goes.
    package enum Placement: Hashable, Sendable {
        /// After the item a cursor names: the argument that takes the cursor.
        case cursor(argument: String)
        /// At a position in the list: the argument that takes the offset.
        case offset(argument: String)
    }

    package let placement: Placement
    /// The argument that takes the page size, if the field has one.
    package let sizeArgument: String?
    /// The list field of the object the field returns, or `nil` when the field is the list.
    package let itemsField: String?
    /// The field of that object that holds the cursor of the next page.
    package let nextCursorField: String?
    /// The field of that object that says whether a next page exists.
    package let hasMoreField: String?

    /// The directive on a field, or `nil` when the field has none.
    package init?(_ field: Selection.Field) {
        guard let directive = field.directives.first(where: { $0.name == Self.name }) else { return nil }
        func text(_ name: String) -> String? {
            guard case .literal(.string(let value))? = directive.arguments.first(where: { $0.name == name })?.value else { return nil }
            return value
        }
        if let cursor = text("cursorArgument") {
            placement = .cursor(argument: cursor)
        } else if let offset = text("offsetArgument") {
            placement = .offset(argument: offset)
        } else {
            return nil
        }
        sizeArgument = text("sizeArgument")
        itemsField = text("itemsField")
        nextCursorField = text("nextCursorField")
        hasMoreField = text("hasMoreField")
    }

    /// The argument that places the page.
    package var placementArgument: String {
        switch placement {
        case .cursor(let argument), .offset(let argument): argument
        }
    }

    /// The field's storage key without the page arguments: the same for every page.
    func storageKey(of field: Selection.Field, variables: JSONObject) -> String {
        let placementArgument = placementArgument
        let listArguments = field.arguments
            .filter { $0.name != placementArgument && $0.name != sizeArgument }
            .sorted { $0.name < $1.name }
        return FieldStorageKey.make(name: field.name, argumentsByName: listArguments, variables: variables)
    }

    /// Where the page written with these arguments goes.
    func position(arguments: [Selection.Argument], variables: JSONObject) -> ListPagePosition {
        func value(of name: String?) -> JSONValue? {
            guard let name, let argument = arguments.first(where: { $0.name == name }) else { return nil }
            return argument.value.resolved(with: variables)
        }
        func integer(_ value: JSONValue?) -> Int? {
            if case .int(let integer)? = value { return integer }
            return nil
        }
        let size = integer(value(of: sizeArgument))
        switch placement {
        case .cursor(let argument):
            guard let cursor = value(of: argument)?.stringValue else { return .first(size: size) }
            return .after(cursor: cursor, size: size)
        case .offset(let argument):
            guard let offset = integer(value(of: argument)), offset > 0 else { return .first(size: size) }
            return .offset(offset, size: size)
        }
    }
}

/// Where a page of a paginated list goes among the items already stored.
enum ListPagePosition: Hashable {
    /// The first page: it replaces the list, as a refresh.
    case first(size: Int?)
    /// The page after the one whose next cursor is `cursor`.
    case after(cursor: String, size: Int?)
    /// The page that starts at `offset`.
    case offset(Int, size: Int?)

    /// The position of the page's first item when the page says it; a cursor's depends on
    /// what the store holds.
    var firstIndex: Int {
        if case .offset(let offset, _) = self { return offset }
        return 0
    }

    /// What the response path of the page's items is called in the keys of items that have
    /// no key of their own: a page after a cursor keeps its items apart from the other
    /// pages' (`launches(after:…)`); an offset page numbers them from its offset instead.
    func itemsPathName(_ field: String) -> String {
        guard case .after(let cursor, _) = self else { return field }
        return field + "(after:" + cursor + ")"
    }
}

/// One page of a paginated list that a write brings: the record whose field holds the list,
/// for the transaction to merge with the items already stored.
struct ListPageWrite {
    /// The record that holds the items: the object the field returns, or for a field that is
    /// the list itself, the object that has the field.
    var record: CacheKey
    /// The storage key of the items in that record.
    var itemsField: String
    var position: ListPagePosition
}

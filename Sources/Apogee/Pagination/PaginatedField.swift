import ApogeeAPI
import ApogeeStore

/// The field of a query whose pages a ``QueryPager`` loads, found in the query's generated
/// selections: the first field with `@connection` (a Relay connection) or `@paginated` (a
/// cursor or offset list declared in the schema), with where its page bounds are and which
/// variables choose a page.
struct PaginatedField: Sendable {
    /// The response keys from the data's root to the field.
    let path: [String]
    let shape: Shape

    /// How the field's pages are told apart, with the response keys the bounds are read from
    /// and the variables a page request sets.
    enum Shape: Sendable {
        /// A Relay connection: `edges`, and `pageInfo` with the cursors at each end.
        case connection(Connection)
        /// A list read after a cursor the previous page gave (`launches(after:) { cursor hasMore launches }`).
        case cursorList(CursorList)
        /// A list read from an offset (`items(offset:limit:)`).
        case offsetList(OffsetList)
    }

    struct Connection: Sendable {
        var edges: String
        var pageInfo: String
        var endCursor: String?
        var hasNextPage: String?
        var startCursor: String?
        var hasPreviousPage: String?
        /// The variables of `first`, `after`, `last` and `before`, for those set by a variable.
        var first: String?
        var after: String?
        var last: String?
        var before: String?
    }

    struct CursorList: Sendable {
        var items: String
        var nextCursor: String
        var hasMore: String?
        var cursorVariable: String
        var sizeVariable: String?
    }

    struct OffsetList: Sendable {
        /// The items' response key in the object the field returns; `nil` when the field is the list.
        var items: String?
        var offsetVariable: String
        var sizeVariable: String?
    }

    /// The paginated field of `selections`, the generated selections of a query's data.
    /// - Throws: a ``PaginationError`` with code `notPaginated` when there is none, or when what a page
    ///   needs is not selected or not set by a variable.
    init(selections: [Selection], operationName: String) throws(PaginationError) {
        guard let (path, field) = Self.find(in: selections, path: []) else {
            throw .notPaginated("\(operationName) selects no field with @connection, and none that the schema declares @paginated (outside a list)")
        }
        self.path = path
        let subfields = field.type.selections ?? []
        func responseKey(_ name: String, in selections: [Selection]) -> String? {
            Self.fields(of: selections).first { $0.name == name }?.responseKey
        }
        func variable(of argument: String?) -> String? {
            guard let argument, case .variable(let name)? = field.arguments.first(where: { $0.name == argument })?.value else { return nil }
            return name
        }
        let fieldName = path.joined(separator: ".")
        if let paginated = PaginatedDirective(field) {
            switch paginated.placement {
            case .cursor(let argument):
                guard let cursorVariable = variable(of: argument) else {
                    throw .notPaginated("\(operationName): the argument \(argument) of \(fieldName) must be set by a variable, so that a page can set it")
                }
                guard let itemsField = paginated.itemsField, let items = responseKey(itemsField, in: subfields) else {
                    throw .notPaginated("\(operationName): \(fieldName) must select its items field \(paginated.itemsField ?? "")")
                }
                guard let nextCursorField = paginated.nextCursorField, let nextCursor = responseKey(nextCursorField, in: subfields) else {
                    throw .notPaginated("\(operationName): \(fieldName) must select the cursor of the next page \(paginated.nextCursorField ?? "(no nextCursorField declared)")")
                }
                shape = .cursorList(CursorList(
                    items: items, nextCursor: nextCursor, hasMore: paginated.hasMoreField.flatMap { responseKey($0, in: subfields) },
                    cursorVariable: cursorVariable, sizeVariable: variable(of: paginated.sizeArgument)))
            case .offset(let argument):
                guard let offsetVariable = variable(of: argument) else {
                    throw .notPaginated("\(operationName): the argument \(argument) of \(fieldName) must be set by a variable, so that a page can set it")
                }
                var items: String?
                if let itemsField = paginated.itemsField {
                    guard let key = responseKey(itemsField, in: subfields) else {
                        throw .notPaginated("\(operationName): \(fieldName) must select its items field \(itemsField)")
                    }
                    items = key
                }
                shape = .offsetList(OffsetList(items: items, offsetVariable: offsetVariable, sizeVariable: variable(of: paginated.sizeArgument)))
            }
        } else {
            guard let edges = responseKey("edges", in: subfields), let pageInfo = responseKey("pageInfo", in: subfields) else {
                throw .notPaginated("\(operationName): the connection \(fieldName) must select edges and pageInfo")
            }
            let pageInfoFields = Self.fields(of: subfields).first { $0.name == "pageInfo" }?.type.selections ?? []
            let connection = Connection(
                edges: edges, pageInfo: pageInfo,
                endCursor: responseKey("endCursor", in: pageInfoFields), hasNextPage: responseKey("hasNextPage", in: pageInfoFields),
                startCursor: responseKey("startCursor", in: pageInfoFields), hasPreviousPage: responseKey("hasPreviousPage", in: pageInfoFields),
                first: variable(of: "first"), after: variable(of: "after"), last: variable(of: "last"), before: variable(of: "before"))
            let forward = connection.after != nil && connection.endCursor != nil && connection.hasNextPage != nil
            let backward = connection.before != nil && connection.startCursor != nil && connection.hasPreviousPage != nil
            guard forward || backward else {
                throw .notPaginated("\(operationName): the connection \(fieldName) needs $after and pageInfo { endCursor hasNextPage }, or $before and pageInfo { startCursor hasPreviousPage }")
            }
            shape = .connection(connection)
        }
    }

    /// The first paginated field, depth first, reached through objects only: a field inside a
    /// list has a list of its own in each element, which no one pager could follow.
    private static func find(in selections: [Selection], path: [String]) -> ([String], Selection.Field)? {
        for field in fields(of: selections) {
            if field.hasDirectives, field.directives.contains(where: { $0.name == "connection" || $0.name == PaginatedDirective.name }) {
                return (path + [field.responseKey], field)
            }
            if case .object(_, let nested) = field.type.withoutNonNull, let found = find(in: nested, path: path + [field.responseKey]) {
                return found
            }
        }
        return nil
    }

    /// The fields of selections, those of their fragments included.
    private static func fields(of selections: [Selection]) -> [Selection.Field] {
        selections.flatMap { selection -> [Selection.Field] in
            switch selection {
            case .field(let field): [field]
            case .inlineFragment(let fragment): fields(of: fragment.selections)
            case .fragmentSpread(let spread): fields(of: spread.selections)
            }
        }
    }
}

extension Selection.FieldType {
    /// The type without its non-null wrapper.
    fileprivate var withoutNonNull: Selection.FieldType {
        if case .nonNull(let inner) = self { return inner }
        return self
    }
}

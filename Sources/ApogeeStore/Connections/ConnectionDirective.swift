import ApogeeAPI

/// What `@connection(key:filters:)` on a paginated field tells the store.
///
/// A connection is stored under one record whatever page is asked for: the pagination
/// arguments (`first`, `after`, `last`, `before`) are left out of its storage key, so every
/// page of `todos(first: 20, after: $cursor)` lands in the same record and the edges of the
/// pages are merged there, by cursor.
struct ConnectionDirective {
    /// The arguments that choose a page rather than a list; never part of the connection's key.
    static let paginationArguments: Set<String> = ["first", "after", "last", "before"]

    /// The `key` argument.
    let key: String
    /// The `filters` argument: the arguments that do name a distinct list, or `nil` for all
    /// arguments but the pagination ones.
    let filters: [String]?

    /// The directive on a field, or `nil` when the field has none (or one without a string key).
    init?(_ field: Selection.Field) {
        guard !field.directives.isEmpty,
              let directive = field.directives.first(where: { $0.name == "connection" }),
              case .literal(.string(let key))? = directive.arguments.first(where: { $0.name == "key" })?.value
        else { return nil }
        self.key = key
        if case .list(let names)? = directive.arguments.first(where: { $0.name == "filters" })?.value {
            self.filters = names.compactMap {
                if case .literal(.string(let name)) = $0 { return name }
                return nil
            }
        } else {
            self.filters = nil
        }
    }

    /// `__TodoList_todos_connection`, followed by the filter arguments as canonical JSON when
    /// there are any: the storage key of the connection in its parent record.
    func storageKey(arguments: [Selection.Argument], variables: JSONObject) -> String {
        let name = "__" + key + "_connection"
        var resolved = JSONObject()
        for argument in arguments {
            if let filters {
                guard filters.contains(argument.name) else { continue }
            } else if Self.paginationArguments.contains(argument.name) {
                continue
            }
            if case .variable(let variable) = argument.value, variables[variable] == nil { continue }
            resolved[argument.name] = argument.value.resolved(with: variables)
        }
        return Self.storageKey(name: name, filters: resolved)
    }

    static func storageKey(name: String, filters: JSONObject) -> String {
        FieldStorageKey.make(name: name, arguments: filters)
    }

    /// The page a write of the field holds, from its resolved pagination arguments.
    static func page(arguments: [Selection.Argument], variables: JSONObject) -> ConnectionPage {
        var page = ConnectionPage()
        for argument in arguments {
            switch argument.name {
            case "after": page.after = argument.value.resolved(with: variables).stringValue
            case "before": page.before = argument.value.resolved(with: variables).stringValue
            default: continue
            }
        }
        return page
    }
}

/// Where a written page of a connection goes among the edges already stored.
struct ConnectionPage: Hashable {
    /// The cursor the page follows; its edges go after the edge with this cursor.
    var after: String?
    /// The cursor the page precedes; its edges go before the edge with this cursor.
    var before: String?
}

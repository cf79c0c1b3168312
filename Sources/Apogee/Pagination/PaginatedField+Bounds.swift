import ApogeeAPI

/// What the list shown so far says about the pages around it.
struct PageBounds: Equatable, Sendable {
    /// The cursor (or offset) of the page after the list, and whether there is one.
    var next: PagePlace?
    var hasNext: Bool
    /// The cursor of the page before the list, and whether there is one.
    var previous: PagePlace?
    var hasPrevious: Bool
    /// How many items the list holds.
    var itemCount: Int

    static let none = PageBounds(next: nil, hasNext: false, previous: nil, hasPrevious: false, itemCount: 0)
}

/// Where a page starts.
enum PagePlace: Equatable, Sendable {
    case cursor(String)
    case offset(Int)
}

/// Which way a load goes.
enum PageDirection: Sendable {
    case next
    case previous
}

extension PaginatedField {
    /// The bounds the data shows, or ``PageBounds/none`` when the field is `null` or missing.
    /// For an offset list, the next page starts after the items held, and whether there is
    /// one is the pager's to say (from the size of the last page).
    func bounds(in data: JSONObject) -> PageBounds {
        var value = JSONValue.object(data)
        for key in path {
            guard case .object(let object) = value, let child = object[key] else { return .none }
            value = child
        }
        func count(_ value: JSONValue?) -> Int { value?.arrayValue?.count ?? 0 }
        switch shape {
        case .connection(let connection):
            guard case .object(let object) = value else { return .none }
            let pageInfo = object[connection.pageInfo]?.objectValue ?? [:]
            func flag(_ key: String?) -> Bool {
                guard let key, case .bool(let flag)? = pageInfo[key] else { return false }
                return flag
            }
            return PageBounds(
                next: connection.endCursor.flatMap { pageInfo[$0]?.stringValue }.map(PagePlace.cursor),
                hasNext: flag(connection.hasNextPage),
                previous: connection.startCursor.flatMap { pageInfo[$0]?.stringValue }.map(PagePlace.cursor),
                hasPrevious: flag(connection.hasPreviousPage),
                itemCount: count(object[connection.edges]))
        case .cursorList(let list):
            guard case .object(let object) = value else { return .none }
            let cursor = object[list.nextCursor]?.stringValue
            var hasMore = cursor != nil
            if let key = list.hasMore, case .bool(let flag)? = object[key] { hasMore = flag }
            return PageBounds(next: cursor.map(PagePlace.cursor), hasNext: hasMore, previous: nil, hasPrevious: false, itemCount: count(object[list.items]))
        case .offsetList(let list):
            let items = list.items.map { value.objectValue?[$0] } ?? value
            guard let items, !items.isNull else { return .none }
            let held = count(items)
            return PageBounds(next: .offset(held), hasNext: true, previous: nil, hasPrevious: false, itemCount: held)
        }
    }

    /// Whether a result holds the list, which a page the server refused (an unknown cursor,
    /// say) does not: the field is `null` with an error, or the data is missing.
    func holdsList(_ data: JSONObject) -> Bool {
        var value = JSONValue.object(data)
        for key in path {
            guard case .object(let object) = value, let child = object[key] else { return false }
            value = child
        }
        return !value.isNull
    }

    /// The variables that ask for the page at `place`, `count` items long when given.
    /// - Throws: a ``PaginationError`` with code `notPaginated` when the query has no variable for it.
    func pageVariables(at place: PagePlace, direction: PageDirection, count: Int?) throws(PaginationError) -> [InputField] {
        var fields: [InputField] = []
        func set(_ variable: String?, _ value: JSONValue, _ what: String) throws(PaginationError) {
            guard let variable else { throw .notPaginated("the query has no variable for \(what)") }
            fields.append(InputField(variable, .json(value)))
        }
        switch (shape, place) {
        case (.connection(let connection), .cursor(let cursor)):
            switch direction {
            case .next:
                try set(connection.after, .string(cursor), "after")
                if let count { try set(connection.first, .int(count), "first") }
                // A query that pages both ways leaves the other direction's arguments unset.
                if let before = connection.before { fields.append(InputField(before, .null)) }
                if let last = connection.last { fields.append(InputField(last, .null)) }
            case .previous:
                try set(connection.before, .string(cursor), "before")
                if let count { try set(connection.last, .int(count), "last") }
                if let after = connection.after { fields.append(InputField(after, .null)) }
                if let first = connection.first { fields.append(InputField(first, .null)) }
            }
        case (.cursorList(let list), .cursor(let cursor)):
            try set(list.cursorVariable, .string(cursor), "the cursor")
            if let count { try set(list.sizeVariable, .int(count), "the page size") }
        case (.offsetList(let list), .offset(let offset)):
            try set(list.offsetVariable, .int(offset), "the offset")
            if let count { try set(list.sizeVariable, .int(count), "the page size") }
        default:
            throw .notPaginated("a page of this list is not found that way")
        }
        return fields
    }

    /// The page size the query asks for, when a variable sets it: what tells a short page
    /// (the last one) of an offset list.
    func pageSize(in variables: JSONObject) -> Int? {
        let variable: String?
        switch shape {
        case .connection(let connection): variable = connection.first
        case .cursorList(let list): variable = list.sizeVariable
        case .offsetList(let list): variable = list.sizeVariable
        }
        guard let variable, case .int(let size)? = variables[variable] else { return nil }
        return size
    }
}

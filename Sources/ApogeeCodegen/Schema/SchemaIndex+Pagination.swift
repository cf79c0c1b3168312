extension SchemaIndex {
    /// Checks each `@paginated` against its field and the type the field returns, and
    /// records the client directive of each valid one by `Type.field`.
    mutating func applyPaginations(_ declared: [DeclaredPagination], fileName: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for pagination in declared {
            func report(_ message: String) {
                diagnostics.append(SourcePosition.diagnostic(at: pagination.location, fallbackFile: fileName, message: message))
            }
            guard let type = types[pagination.typeName] else { continue }  // reported as an unknown type already
            guard type.kind == .object || type.kind == .interface else {
                report("@paginated applies to object types and interfaces, not to \(pagination.typeName).")
                continue
            }
            guard pagination.problems.isEmpty else {
                pagination.problems.forEach(report)
                continue
            }
            guard !pagination.fieldName.isEmpty else {
                report("@paginated on \(pagination.typeName) names no field: give field the name of the field whose pages merge into one list.")
                continue
            }
            guard let field = type.fields[pagination.fieldName] else {
                report("@paginated(field:) names \"\(pagination.fieldName)\", which \(pagination.typeName) does not have.")
                continue
            }
            guard seen.insert(pagination.subject).inserted else {
                report("\(pagination.typeName) has two @paginated directives for the field \"\(pagination.fieldName)\".")
                continue
            }
            do {
                paginationDirectives[pagination.subject] = try paginationDirective(pagination, field: field)
            } catch {
                report(error.message)
            }
        }
        return diagnostics
    }

    /// The client directive a valid `@paginated` gives each selection of its field:
    /// `@connection(key: "Type_field")` for a Relay connection, and otherwise `@paginated`
    /// with the arguments given besides `field`, in ``DeclaredPagination/optionNames`` order.
    private func paginationDirective(_ pagination: DeclaredPagination, field: Field) throws(PaginationMisuse) -> IRDirective {
        let options = pagination.options
        if options["cursorArgument"] != nil, options["offsetArgument"] != nil {
            throw PaginationMisuse(message: "@paginated on \(pagination.subject) gives both cursorArgument and offsetArgument: a list is paged by a cursor or by an offset, not both.")
        }
        for option in ["cursorArgument", "offsetArgument", "sizeArgument"] {
            if let name = options[option], !field.argumentNames.contains(name) {
                throw PaginationMisuse(message: "@paginated(\(option):) names \"\(name)\", which is not an argument of \(pagination.subject).")
            }
        }
        if options["cursorArgument"] == nil, options["offsetArgument"] == nil {
            try checkConnection(pagination, field: field)
            return IRDirective(name: "connection", arguments: [
                IRArgument(name: "key", value: .string(pagination.typeName + "_" + pagination.fieldName)),
            ])
        }
        try checkPageType(pagination, field: field)
        return IRDirective(name: "paginated", arguments: DeclaredPagination.optionNames.compactMap { name in
            options[name].map { IRArgument(name: name, value: .string($0)) }
        })
    }

    /// That a declaration without a cursor or an offset argument names a Relay connection:
    /// an object type with `edges` (a list of objects with `node` and `cursor`) and
    /// `pageInfo`, on a field taking `first` and `after`, or `last` and `before`.
    private func checkConnection(_ pagination: DeclaredPagination, field: Field) throws(PaginationMisuse) {
        let start = "@paginated on \(pagination.subject) names no cursorArgument or offsetArgument, so it declares a Relay connection, and"
        if let extra = DeclaredPagination.optionNames.first(where: { pagination.options[$0] != nil }) {
            throw PaginationMisuse(message: "@paginated on \(pagination.subject) gives \(extra) without cursorArgument or offsetArgument: give only field for a Relay connection, or name the cursor or offset argument of a list.")
        }
        let connection = field.type.namedType
        guard !field.type.containsList, let type = types[connection], type.kind == .object,
              let edges = type.fields["edges"], type.fields["pageInfo"] != nil
        else {
            throw PaginationMisuse(message: "\(start) \(field.type.graphQLText) is not an object type with edges and pageInfo fields.")
        }
        guard edges.type.containsList, let edge = types[edges.type.namedType], edge.kind == .object,
              edge.fields["node"] != nil, edge.fields["cursor"] != nil
        else {
            throw PaginationMisuse(message: "\(start) \(connection).edges is not a list of an object type with node and cursor fields.")
        }
        let arguments = Set(field.argumentNames)
        guard arguments.isSuperset(of: ["first", "after"]) || arguments.isSuperset(of: ["last", "before"]) else {
            throw PaginationMisuse(message: "\(start) \(pagination.subject) takes neither first and after nor last and before arguments.")
        }
    }

    /// That a cursor or an offset list's field returns what its page arguments name: an
    /// object type whose list field is `itemsField` (and whose `nextCursorField` is a scalar
    /// and `hasMoreField` a Boolean), or, for an offset list only, the list itself.
    private func checkPageType(_ pagination: DeclaredPagination, field: Field) throws(PaginationMisuse) {
        let options = pagination.options
        let isCursorList = options["cursorArgument"] != nil
        let pageType = field.type.namedType
        if field.type.containsList, !isCursorList {
            if let option = ["itemsField", "nextCursorField", "hasMoreField"].first(where: { options[$0] != nil }) {
                throw PaginationMisuse(message: "@paginated(\(option):) names a field of the type \(pagination.subject) returns, and it returns a list, \(field.type.graphQLText).")
            }
            return
        }
        guard !field.type.containsList, types[pageType]?.kind == .object else {
            throw PaginationMisuse(message: isCursorList
                ? "@paginated on \(pagination.subject): a cursor list needs a field that returns an object type, and \(field.type.graphQLText) is not one."
                : "@paginated on \(pagination.subject): an offset list needs a field that returns a list, or an object type with a list field named by itemsField, and \(field.type.graphQLText) is neither.")
        }
        if !isCursorList, options["nextCursorField"] != nil {
            throw PaginationMisuse(message: "@paginated on \(pagination.subject) gives nextCursorField to an offset list, which has no cursor: leave it out.")
        }
        guard let items = options["itemsField"] else {
            throw PaginationMisuse(message: "@paginated on \(pagination.subject) needs itemsField: the list field of \(pageType) that holds a page's items.")
        }
        try checkPageField("itemsField", items, of: pageType, in: pagination, kind: "a list") { $0.containsList }
        if let cursor = options["nextCursorField"] {
            try checkPageField("nextCursorField", cursor, of: pageType, in: pagination, kind: "a scalar") { type in
                !type.containsList && (Self.builtInScalars.contains(type.namedType) || types[type.namedType]?.kind == .scalar)
            }
        }
        if let hasMore = options["hasMoreField"] {
            try checkPageField("hasMoreField", hasMore, of: pageType, in: pagination, kind: "a Boolean") { type in
                type.nullable == .named("Boolean")
            }
        }
    }

    /// That `name`, given as `option`, is a field of the page type whose type `fits`.
    private func checkPageField(
        _ option: String, _ name: String, of pageType: String, in pagination: DeclaredPagination, kind: String,
        fits: (TypeRef) -> Bool
    ) throws(PaginationMisuse) {
        guard let field = types[pageType]?.fields[name] else {
            throw PaginationMisuse(message: "@paginated(\(option):) names \"\(name)\", which \(pageType), the type \(pagination.subject) returns, does not have.")
        }
        guard fits(field.type) else {
            throw PaginationMisuse(message: "@paginated(\(option):) on \(pagination.subject) names \(pageType).\(name), which is not \(kind).")
        }
    }

    /// The client directives of a selection of `field` on `parent`: those written, then the
    /// one its `@paginated` declares, on `parent` itself or else on one of the interfaces an
    /// object type implements. A `@connection` written on the selection is kept in place of
    /// the declared one.
    func selectionDirectives(_ written: [IRDirective], paginating field: String, on parent: String) -> [IRDirective] {
        guard !paginationDirectives.isEmpty else { return written }
        var declared = paginationDirectives[parent + "." + field]
        if declared == nil, let type = self[parent], type.kind == .object {
            declared = type.interfaces.lazy.compactMap { paginationDirectives[$0 + "." + field] }.first
        }
        guard let declared else { return written }
        if declared.name == "connection", written.contains(where: { $0.name == "connection" }) { return written }
        return written + [declared]
    }
}

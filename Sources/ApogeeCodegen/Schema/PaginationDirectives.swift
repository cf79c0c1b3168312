import GraphQL

/// One `@paginated` as written on a type definition or extension
/// (`extend type Query @paginated(field: "launches", cursorArgument: "after", …)`), kept with
/// its place for the checks that run once every extension has been merged.
///
/// It tells the store how the pages of a field merge into one list. Its arguments tell three
/// shapes apart: `field` alone is a Relay connection, which becomes `@connection`; a
/// `cursorArgument` or an `offsetArgument` is a cursor or an offset list, which becomes a
/// client directive `@paginated` on each selection of the field (see
/// `SchemaIndex+Pagination.swift` for the checks and the directives).
struct DeclaredPagination: Sendable {
    /// The arguments besides `field`, in the order the generated directive gives them.
    static let optionNames = ["cursorArgument", "offsetArgument", "sizeArgument", "itemsField", "nextCursorField", "hasMoreField"]

    var typeName: String
    var fieldName: String
    /// The arguments besides `field` that were given a string, by name.
    var options: [String: String]
    /// What is wrong with the directive as written, whatever the field: an argument it does
    /// not declare, or one that is not a string.
    var problems: [String]
    var location: Location?

    /// The `@paginated` directives of a type definition or extension.
    static func all(of typeName: String, directives: [Directive]) -> [DeclaredPagination] {
        directives.filter { $0.name.value == "paginated" }.map { directive in
            var declared = DeclaredPagination(typeName: typeName, fieldName: "", options: [:], problems: [], location: directive.loc)
            for argument in directive.arguments {
                let name = argument.name.value
                guard name == "field" || optionNames.contains(name) else {
                    let known = (["field"] + optionNames.dropLast()).joined(separator: ", ") + " and " + (optionNames.last ?? "")
                    declared.problems.append("@paginated on \(typeName) has no argument \"\(name)\": it takes \(known).")
                    continue
                }
                if argument.value is NullValue { continue }
                guard let text = (argument.value as? StringValue)?.value else {
                    declared.problems.append("@paginated(\(name):) on \(typeName) takes a string, a name.")
                    continue
                }
                if name == "field" {
                    declared.fieldName = text
                } else {
                    declared.options[name] = text
                }
            }
            return declared
        }
    }

    /// `Type.field`, as messages and the index name the field.
    var subject: String { typeName + "." + fieldName }
}

/// Why a `@paginated` cannot work, worded for a diagnostic at the directive.
struct PaginationMisuse: Error {
    var message: String
}

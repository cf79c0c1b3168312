import ApogeeAPI

/// A page of a paginated query: the same document and data type, with the variables that
/// choose the page (a cursor, an offset, a page size) set over the query's own. Its results
/// are written as the query's would be, so the store merges them into the query's list.
struct PageQuery<Base: GraphQLQuery>: GraphQLQuery {
    typealias Data = Base.Data

    let base: Base
    /// The variables set for this page, by name.
    let pageVariables: [InputField]

    static var operationName: String { Base.operationName }
    static var document: String { Base.document }
    static var operationIdentifier: String { Base.operationIdentifier }
    static var __clientOnlyVariables: Set<String> { Base.__clientOnlyVariables }
    static var __deliversIncrementally: Bool { Base.__deliversIncrementally }

    /// The query's variables with the page's in their place, and those the query left out
    /// after them.
    var variables: [InputField] {
        var fields = base.variables
        for page in pageVariables {
            if let index = fields.firstIndex(where: { $0.name == page.name }) {
                fields[index].value = page.value
            } else {
                fields.append(page)
            }
        }
        return fields
    }
}

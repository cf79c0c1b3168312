/// The object types and fields that test data builders cover: every object type the
/// operations select fields on, or that a selected field's value can be, with the fields
/// selected on it or on an interface it implements.
///
/// GitHub's schema has hundreds of types that an app's operations never reach; their builders
/// would only make the test target slower to build.
struct TestDataUsage {
    let schema: SchemaIndex
    /// The fields selected, by object type.
    private(set) var fields: [String: Set<String>] = [:]
    /// The interfaces and unions that a selected field's type names, as the selections say it.
    private(set) var abstractTypes: Set<String> = []

    init(schema: SchemaIndex) {
        self.schema = schema
    }

    mutating func add(_ operation: IROperation) {
        add(operation.selections, on: operation.rootType)
    }

    mutating func add(_ fragment: IRFragment) {
        add(fragment.selections, on: fragment.typeCondition)
    }

    /// Adds the types that the covered fields' schema types can hold, which covariant fields of
    /// implementations may name differently from their interface.
    mutating func close() {
        for (object, names) in fields {
            for name in names {
                guard let type = schema.field(name, on: object)?.type.namedType, schema.isComposite(type) else { continue }
                addObjects(of: type)
                if schema[type]?.kind != .object { abstractTypes.insert(type) }
            }
        }
    }

    /// The object types an object of `type` can be, sorted.
    func objects(of type: String) -> [String] {
        schema.possibleTypes(type).filter { schema[$0]?.kind == .object }.sorted()
    }

    private mutating func add(_ selections: [IRSelection], on parent: String) {
        addObjects(of: parent)
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.name == "__typename" { continue }
                for object in objects(of: parent) { fields[object, default: []].insert(field.name) }
                let named = field.type.namedType
                guard schema.isComposite(named) else { continue }
                if schema[named]?.kind != .object { abstractTypes.insert(named) }
                add(field.selections ?? [], on: named)
            case .inlineFragment(let typeCondition, _, let nested, _):
                add(nested, on: typeCondition ?? parent)
            case .fragmentSpread(_, let typeCondition, _, _):
                addObjects(of: typeCondition)
            }
        }
    }

    private mutating func addObjects(of type: String) {
        for object in objects(of: type) where fields[object] == nil { fields[object] = [] }
    }
}

/// The enums, input objects and custom scalars that the operations reach; only these are
/// generated, since a schema like GitHub's has hundreds that no operation uses.
struct TypeUsage {
    let schema: SchemaIndex
    private(set) var enums: Set<String> = []
    private(set) var inputObjects: Set<String> = []
    private(set) var scalars: Set<String> = []

    init(schema: SchemaIndex) {
        self.schema = schema
    }

    mutating func add(_ operation: IROperation) {
        for variable in operation.variables { addInput(variable.type.namedType) }
        add(operation.selections)
    }

    mutating func add(_ fragment: IRFragment) {
        add(fragment.selections)
    }

    private mutating func add(_ selections: [IRSelection]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                let name = field.type.namedType
                switch schema[name]?.kind {
                case .enumeration: enums.insert(name)
                case .scalar: scalars.insert(name)
                default: break
                }
                if let nested = field.selections { add(nested) }
            case .inlineFragment(_, _, let nested, _):
                add(nested)
            case .fragmentSpread:
                break
            }
        }
    }

    private mutating func addInput(_ name: String) {
        switch schema[name]?.kind {
        case .enumeration: enums.insert(name)
        case .scalar: scalars.insert(name)
        case .inputObject:
            guard inputObjects.insert(name).inserted, let type = schema[name] else { return }
            for field in type.inputFields { addInput(field.type.namedType) }
        default: break
        }
    }
}

/// The Swift struct generated for one selection set: its fields merged by response key,
/// its type cases (`asUser`), the named fragments it reaches (`fragments.authorDetails`), and
/// the selections to write as its metadata.
final class Shape {
    /// The schema type the struct is for (`__parentType`).
    let parentType: String
    /// Whether the parent type is an object type, so `__typename` has a default.
    let isConcrete: Bool
    /// The object types an object in this struct can have.
    let possibleTypes: Set<String>
    /// For a type case (`AsUser`), the type named in the condition.
    let typeCondition: String?
    /// The selections as written, for `__selections`.
    let entries: [IRSelection]
    var fields: [Field] = []
    var typeCases: [TypeCase] = []
    var fragments: [FragmentUse] = []
    /// The inline fragments it defers (`... @defer(label: "details") { … }`), each a struct of
    /// its own held in a `Deferred` property.
    var deferredFragments: [DeferredFragment] = []
    /// The struct's name, relative to its parent struct.
    var swiftName: String
    /// What a field error nothing catches does in this struct, when its operation says
    /// (`@catch` on the operation); the project's default otherwise.
    var fieldErrorDefault: FieldErrorHandling?
    /// The names of the nested structs of its fields that it declares itself; the others are
    /// the same as a struct around it declares, and found there. Set by the emitter's plan.
    var declaredStructNames: Set<String> = []
    /// Whether it declares its own `Fragments` struct, rather than using the same one around it.
    var declaresFragments = false

    /// Every type its struct declares: the planned nested structs of its fields, its type cases,
    /// its deferred fragments and its own `Fragments`.
    var declaredTypeNames: Set<String> {
        declaredStructNames.union(typeCases.map(\.shape.swiftName)).union(deferredFragments.map(\.shape.swiftName))
            .union(declaresFragments ? ["Fragments"] : [])
    }

    init(parentType: String, isConcrete: Bool, possibleTypes: Set<String>, typeCondition: String?, entries: [IRSelection], swiftName: String) {
        self.parentType = parentType
        self.isConcrete = isConcrete
        self.possibleTypes = possibleTypes
        self.typeCondition = typeCondition
        self.entries = entries
        self.swiftName = swiftName
    }

    struct Field {
        var responseKey: String
        var name: String
        var type: TypeRef
        /// Selected only under `@include`/`@skip`: optional, absent when the condition fails.
        var isConditional: Bool
        var nested: Shape?
        var propertyName: String
        /// The first line of the field's schema description.
        var summary: String?
        /// Local: absent from server responses, so decoded with its default.
        var isLocal = false
        var clientDefault: IRValue? = nil
        /// The type with `@semanticNonNull`'s levels made non-null.
        var semanticType: TypeRef? = nil
        /// The field's `@catch(to:)`, if it has one.
        var catchTo: FieldErrorHandling? = nil

        var isTypename: Bool { name == "__typename" && responseKey == "__typename" }
        var isClientID: Bool { name == ClientDirectives.clientIDField }
    }

    struct TypeCase {
        var typeName: String
        var shape: Shape
        var propertyName: String
    }

    struct FragmentUse: Equatable {
        var name: String
        var typeCondition: String
        /// Spread under `@include`/`@skip`.
        var isConditional: Bool
        /// The fragment's type condition matches only some of the struct's possible types.
        var isNarrower: Bool
        var propertyName: String
        /// Spread with `@defer` everywhere it is spread here: held as `Deferred`.
        var isDeferred = false
        /// The fragment's `@catch(to:)`, if it has one.
        var catchTo: FieldErrorHandling? = nil

        /// A deferred fragment is optional only where its type condition may not hold: under
        /// `@include`/`@skip`, a fragment left out reads as pending.
        var isOptional: Bool { isNarrower || (isConditional && !isDeferred) }
        /// The fragment's Swift type.
        var typeName: String { SwiftNames.fragmentTypeName(name) }
    }

    /// A deferred inline fragment: its fields in a struct named after its label.
    struct DeferredFragment {
        var label: String
        /// The type condition as written, if any.
        var typeCondition: String?
        var shape: Shape
        /// The type condition matches only some of the struct's possible types: the property
        /// is optional, `nil` for an object of another type.
        var isNarrower: Bool
        var propertyName: String
    }

    /// The deferred inline fragment with this label, if it applies here.
    func deferredFragment(_ label: String?) -> DeferredFragment? {
        deferredFragments.first { $0.label == (label ?? "") }
    }

    /// The nested struct for a response key, if the field is an object.
    func nestedShape(forResponseKey key: String) -> Shape? {
        fields.first { $0.responseKey == key }?.nested
    }

    func typeCase(_ typeName: String) -> TypeCase? {
        typeCases.first { $0.typeName == typeName }
    }
}

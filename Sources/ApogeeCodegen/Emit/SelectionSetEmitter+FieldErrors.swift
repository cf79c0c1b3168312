/// What a field's errors do to its Swift type and to how it is read: from its `@catch`, its
/// `@semanticNonNull` levels and the project's default (see `FieldErrorDirectives.swift`).
extension SelectionSetEmitter {
    enum FieldErrorPlan {
        /// The schema's nullability, read with `decode`: an error in a non-optional value goes
        /// up to the nearest optional one (or `FieldResult`), which is `nil` (or a failure).
        case plain
        /// A `FieldResult` of the semantic type.
        case result
        /// Optional, read with `decodeCatchingFieldErrors`: `nil` for an error in or below it.
        case catchToNull
        /// Optional, read with `decodeThrowingFieldErrors`: a `null` the server explains fails
        /// whatever catches it.
        case throwOnNull
    }

    /// What a field error that nothing catches does in this project.
    var defaultFieldErrorHandling: FieldErrorHandling {
        types.configuration.fieldErrors ?? schema.catchByDefault ?? .null
    }

    func fieldErrorPlan(_ field: Shape.Field, in shape: Shape) -> FieldErrorPlan {
        // Fields no server error reaches: the client's own and the ones a condition leaves out.
        if field.isClientID || field.isLocal || field.isTypename || field.isConditional { return .plain }
        let semanticType = field.semanticType ?? field.type
        if let explicit = field.catchTo { return plan(explicit, semanticType: semanticType) }
        // A field non-null in the schema never holds an error: the server nulls its parent.
        guard !field.type.isNonNull else { return .plain }
        let handling = shape.fieldErrorDefault ?? defaultFieldErrorHandling
        switch handling {
        case .result, .throw:
            return plan(handling, semanticType: semanticType)
        case .null:
            // An optional field takes the `nil` of a failed field inside it as it reads.
            return .plain
        }
    }

    private func plan(_ handling: FieldErrorHandling, semanticType: TypeRef) -> FieldErrorPlan {
        switch handling {
        case .result: .result
        case .null: .catchToNull
        case .throw: semanticType.isNonNull ? .plain : .throwOnNull
        }
    }
}

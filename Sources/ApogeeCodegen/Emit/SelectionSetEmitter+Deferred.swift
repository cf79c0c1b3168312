/// Deferred inline fragments (`... @defer(label: "missionDetails") { … }`): a struct named after
/// the label, held in a `Deferred` property that is pending until the fragment's payload
/// arrives. Their fields are not the enclosing struct's; `__fields` merges them once fulfilled.
extension SelectionSetEmitter {
    /// The property's type: `Deferred<MissionDetails>`, optional when the fragment's type
    /// condition holds for only some of the enclosing struct's types.
    func propertyType(_ deferred: Shape.DeferredFragment) -> String {
        "Deferred<\(deferred.shape.swiftName)>" + (deferred.isNarrower ? "?" : "")
    }

    /// The memberwise initializer's parameter; an optional one defaults to `nil`, as type cases do.
    func memberwiseParameter(_ deferred: Shape.DeferredFragment) -> String {
        "\(SwiftNames.parameter(deferred.propertyName).declaration): \(propertyType(deferred))" + (deferred.isNarrower ? " = nil" : "")
    }

    /// How the property is decoded: pending while a field the fragment selects is missing, `nil`
    /// for an object its type condition does not hold for.
    func decodingLine(_ deferred: Shape.DeferredFragment, typename: String) -> String {
        let property = "self.\(deferred.propertyName)"
        guard deferred.isNarrower else { return "\(property) = try Deferred(from: object)" }
        return "\(property) = \(deferred.shape.swiftName).__typeCondition.matches(\(typename)) ? try Deferred(from: object) : nil"
    }

    /// The `__fields` line that merges a fulfilled fragment's fields; a pending one adds none.
    func fieldsMerge(_ deferred: Shape.DeferredFragment) -> String {
        let access = SwiftNames.access(deferred.propertyName)
        return "if let fragment = \(access)\(deferred.isNarrower ? "?" : "").value { fields.mergeDeeply(fragment.__fields) }"
    }

    /// The fragment's struct, with its type condition when it has one.
    func emitDeferred(_ deferred: Shape.DeferredFragment, into writer: inout SwiftWriter) {
        let statics = deferred.typeCondition.map { [typeConditionStatic($0)] } ?? []
        let on = deferred.typeCondition.map { " on \($0)" } ?? ""
        writeStruct(
            deferred.shape, conformance: "SelectionSet", statics: statics,
            docComment: "The fields of `...\(on) @defer(label: \(SwiftLiteral.string(deferred.label)))`, which arrive after the rest.",
            into: &writer)
    }

    /// The metadata line of a deferred inline fragment: an inline fragment whose selections are
    /// its struct's, so that the store writes and reads them with the rest.
    func deferredSelectionLine(
        _ deferral: IRDeferral, typeCondition: String?, conditions: [IRCondition], in shape: Shape, prefix: String
    ) -> String? {
        guard let deferred = shape.deferredFragment(deferral.label) else { return nil }
        let name = prefix + deferred.shape.swiftName
        let on = typeCondition == nil ? "nil" : name + ".__typeCondition"
        let conditionText = conditions.isEmpty ? "" : ", conditions: " + SwiftLiteral.conditions(conditions)
        return ".inlineFragment(.init(on: \(on)\(conditionText), selections: \(name).__selections)),"
    }
}

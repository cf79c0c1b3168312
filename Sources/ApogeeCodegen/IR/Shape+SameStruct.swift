extension Shape {
    /// Whether this shape's struct would be written exactly as `other`'s: the same name, the
    /// same selections seen from the same types, and nested structs that are the same in turn.
    ///
    /// A type case is built from its parent's selections seen from a narrower type; most of its
    /// nested objects (`pests` under `AsRose`) come out as the parent's did. The emitter writes
    /// such a struct once: the type case names it without declaring it, and Swift finds the
    /// parent's by looking outward.
    func hasSameStruct(as other: Shape) -> Bool {
        if self === other { return true }
        guard swiftName == other.swiftName, parentType == other.parentType, isConcrete == other.isConcrete,
            possibleTypes == other.possibleTypes, typeCondition == other.typeCondition, entries == other.entries,
            fieldErrorDefault == other.fieldErrorDefault, fragments == other.fragments,
            fields.count == other.fields.count, typeCases.count == other.typeCases.count,
            deferredFragments.count == other.deferredFragments.count
        else { return false }
        for (mine, theirs) in zip(fields, other.fields) {
            guard mine.hasSameDeclaration(as: theirs) else { return false }
            switch (mine.nested, theirs.nested) {
            case (nil, nil): break
            case (let mine?, let theirs?): guard mine.hasSameStruct(as: theirs) else { return false }
            default: return false
            }
        }
        for (mine, theirs) in zip(typeCases, other.typeCases) {
            guard mine.typeName == theirs.typeName, mine.propertyName == theirs.propertyName, mine.shape.hasSameStruct(as: theirs.shape) else {
                return false
            }
        }
        for (mine, theirs) in zip(deferredFragments, other.deferredFragments) {
            guard mine.label == theirs.label, mine.typeCondition == theirs.typeCondition, mine.isNarrower == theirs.isNarrower,
                mine.propertyName == theirs.propertyName, mine.shape.hasSameStruct(as: theirs.shape)
            else { return false }
        }
        return true
    }
}

extension Shape.Field {
    /// Everything but the nested struct, which ``Shape/hasSameStruct(as:)`` compares itself.
    func hasSameDeclaration(as other: Shape.Field) -> Bool {
        responseKey == other.responseKey && name == other.name && type == other.type && isConditional == other.isConditional
            && propertyName == other.propertyName && summary == other.summary && isLocal == other.isLocal
            && clientDefault == other.clientDefault && semanticType == other.semanticType && catchTo == other.catchTo
    }
}


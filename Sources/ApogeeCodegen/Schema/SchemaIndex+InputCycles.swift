extension SchemaIndex {
    /// Whether a field of the input object `name` leads back to it through fields that are
    /// not lists: a nullable cycle GraphQL allows (`input A { b: B } input B { a: A }`), which
    /// generated code keeps on the heap. Lists are on the heap already; a cycle of non-null
    /// fields is the schema's error, found when it is checked.
    func leadsBack(to name: String, through field: InputField) -> Bool {
        guard !field.type.containsList else { return false }
        var pending = [field.type.namedType]
        var seen = Set<String>()
        while let current = pending.popLast() {
            if current == name { return true }
            guard seen.insert(current).inserted, let type = self[current], type.kind == .inputObject else { continue }
            pending += type.inputFields.filter { !$0.type.containsList }.map(\.type.namedType)
        }
        return false
    }
}

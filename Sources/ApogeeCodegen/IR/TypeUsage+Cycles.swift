extension TypeUsage {
    /// Input objects that contain themselves through fields that are not lists. A Swift
    /// struct cannot hold itself, so generation stops with a message naming the path.
    func recursiveInputObjects() -> [String] {
        var messages: [String] = []
        for name in inputObjects.sorted() {
            if let path = pathBack(to: name, from: name, visited: []) {
                messages.append(
                    "The input object \"\(name)\" contains itself through \(path.joined(separator: " → ")), "
                        + "which a Swift struct cannot hold; make one of these fields a list in the schema.")
            }
        }
        return messages
    }

    private func pathBack(to target: String, from current: String, visited: Set<String>) -> [String]? {
        guard let type = schema[current] else { return nil }
        for field in type.inputFields where !field.type.containsList {
            let next = field.type.namedType
            guard schema[next]?.kind == .inputObject else { continue }
            if next == target { return ["\(current).\(field.name)", next] }
            if visited.contains(next) { continue }
            if let rest = pathBack(to: target, from: next, visited: visited.union([current])) {
                return ["\(current).\(field.name)"] + rest
            }
        }
        return nil
    }
}

/// Searches of the small graphs checks build from names: fragments that spread fragments,
/// input objects that require input objects.
enum Graph {
    /// Whether following `edges` from some name leads back to it.
    static func hasCycle(_ edges: [String: [String]]) -> Bool {
        enum Mark { case onPath, done }
        var marks: [String: Mark] = [:]
        // Depth first without recursion: a stack of (name, next edge to follow).
        for start in edges.keys where marks[start] == nil {
            var stack: [(name: String, next: Int)] = [(start, 0)]
            marks[start] = .onPath
            while let top = stack.last {
                let targets = edges[top.name] ?? []
                guard top.next < targets.count else {
                    marks[top.name] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = targets[top.next]
                switch marks[target] {
                case .onPath: return true
                case .done: break
                case nil:
                    marks[target] = .onPath
                    stack.append((target, 0))
                }
            }
        }
        return false
    }
}

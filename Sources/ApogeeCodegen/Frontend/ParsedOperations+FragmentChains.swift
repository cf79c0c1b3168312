import GraphQL

extension ParsedOperations {
    /// An error at each fragment that starts a chain of spreads longer than
    /// ``DocumentLimits/maximumFragmentChain``: generating it would recurse once per link.
    /// Cycles are left to the specification's rule, which reports them.
    static func fragmentChainErrors(_ fragments: [String: FragmentDefinition]) -> [Diagnostic] {
        let spreads = fragments.mapValues { fragment in
            spreadNames(in: fragment.selectionSet).filter { fragments[$0] != nil }
        }
        var length: [String: Int] = [:]
        var diagnostics: [Diagnostic] = []
        for name in fragments.keys.sorted() where length[name] == nil {
            // Depth first without recursion: a stack of (fragment, next spread to visit).
            var stack: [(name: String, next: Int)] = [(name, 0)]
            var onStack: Set<String> = [name]
            while let top = stack.last {
                let children = spreads[top.name] ?? []
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    if length[child] == nil, !onStack.contains(child) {
                        stack.append((child, 0))
                        onStack.insert(child)
                    }
                    continue
                }
                let longest = children.compactMap { length[$0] }.max() ?? 0
                length[top.name] = longest + 1
                onStack.remove(top.name)
                stack.removeLast()
            }
        }
        for name in fragments.keys.sorted() {
            guard let chain = length[name], chain > DocumentLimits.maximumFragmentChain, let fragment = fragments[name] else { continue }
            diagnostics.append(SourcePosition.diagnostic(
                at: fragment.name.loc, fallbackFile: "",
                message: "Fragment \"\(name)\" starts a chain of \(chain) fragments, each spreading the next; Apogee follows at most \(DocumentLimits.maximumFragmentChain)."))
        }
        return diagnostics
    }

    /// The names of the fragments a selection set spreads, at any depth, in order; the scan
    /// before parsing bounds the depth.
    static func spreadNames(in selectionSet: SelectionSet) -> [String] {
        var names: [String] = []
        collectSpreads(in: selectionSet, into: &names)
        return names
    }

    private static func collectSpreads(in selectionSet: SelectionSet, into names: inout [String]) {
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                if let nested = field.selectionSet { collectSpreads(in: nested, into: &names) }
            case let inline as InlineFragment:
                collectSpreads(in: inline.selectionSet, into: &names)
            case let spread as FragmentSpread:
                names.append(spread.name.value)
            default:
                break
            }
        }
    }
}

import GraphQL

extension IncrementalPlan {
    /// The fields `unit` sends of an object, and below them what it sends of their values;
    /// what other units send is left out (the current format's deduplicated data).
    func sent(by unit: Int, of object: ResultObject) -> Map {
        Self.object(object.fields.filter { $0.delivery == unit }.map { ($0.key, sent(by: unit, of: $0.value)) })
    }

    func sent(by unit: Int, of node: ResultNode) -> Map {
        switch node {
        case .leaf(let map): map
        case .object(let object): sent(by: unit, of: object)
        case .list(let list): .array(list.items.filter { $0.unit == unit }.map { sent(by: unit, of: $0.value) })
        }
    }

    /// Every field of an object selected under `unit`, whoever sends it first (the old
    /// format's data: a deferred fragment's fields whole).
    func selected(under unit: Int, of object: ResultObject) -> Map {
        Self.object(object.fields.filter { $0.units.contains(unit) }.map { ($0.key, selected(under: unit, of: $0.value)) })
    }

    func selected(under unit: Int, of node: ResultNode) -> Map {
        switch node {
        case .leaf(let map): map
        case .object(let object): selected(under: unit, of: object)
        case .list(let list): .array(list.items.filter { !$0.isStreamed || $0.unit == unit }.map { selected(under: unit, of: $0.value) })
        }
    }

    /// The places below `node` where `unit` sends fields of an object that another unit sent:
    /// each is an `incremental` entry of the current format, at its path below `node`.
    func entries(of unit: Int, below node: ResultNode, at subPath: [IndexPathValue] = []) -> [(subPath: [IndexPathValue], data: Map)] {
        switch node {
        case .leaf:
            return []
        case .object(let object):
            var found: [(subPath: [IndexPathValue], data: Map)] = []
            if object.fields.contains(where: { $0.delivery == unit }) {
                found.append((subPath, sent(by: unit, of: object)))
            }
            for field in object.fields where field.delivery != unit {
                found += entries(of: unit, below: field.value, at: subPath + [.key(field.key)])
            }
            return found
        case .list(let list):
            return list.items.enumerated().flatMap { index, item in
                entries(of: unit, below: item.value, at: subPath + [.index(index)])
            }
        }
    }

    static func object(_ pairs: [(String, Map)]) -> Map {
        .dictionary(.init(uniqueKeysWithValues: pairs))
    }

    /// Whether `path` starts with `prefix`.
    static func hasPrefix(_ path: [IndexPathValue], _ prefix: [IndexPathValue]) -> Bool {
        path.count >= prefix.count && Array(path.prefix(prefix.count)) == prefix
    }
}

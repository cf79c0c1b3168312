import ApogeeAPI

extension StoreCore {
    /// Notes the type of a record being created, once the typename index exists.
    func noteNewRecord(_ fields: [String: RecordValue]) {
        guard knownTypenames != nil, case .scalar(.string(let typename))? = fields["__typename"] else { return }
        knownTypenames?.insert(typename)
    }

    /// The typenames of the records, built on first use from the keys the source holds
    /// (`Todo:1` names `Todo`) and kept up to date from then on.
    func typenames() throws -> Set<String> {
        if let knownTypenames { return knownTypenames }
        var names = Set<String>()
        for key in try source.allKeys() {
            if let name = Self.typename(inKey: key) { names.insert(name) }
        }
        for layer in layers {
            for key in layer.changes.touchedKeys {
                if let name = Self.typename(inKey: key) { names.insert(name) }
            }
        }
        knownTypenames = names
        return names
    }

    /// The part of `Typename:id` before the colon, when it is a GraphQL name.
    static func typename(inKey key: CacheKey) -> String? {
        let text = key.rawValue.utf8
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon != text.startIndex else { return nil }
        for byte in text[..<colon] {
            let isName = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            guard isName else { return nil }
        }
        return String(key.rawValue[..<colon])
    }
}

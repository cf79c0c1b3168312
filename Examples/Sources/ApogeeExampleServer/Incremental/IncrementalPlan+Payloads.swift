import GraphQL

extension IncrementalPlan {
    /// The payloads to send, in order: the initial one, then one per unit.
    func payloads(_ format: IncrementalFormat) -> [IncrementalPayload] {
        let live = liveUnits()
        let sentUnits = (1..<units.count).filter { live[$0] }
        switch format {
        case .current: return currentPayloads(sentUnits, live: live)
        case .deferSpec20220824: return legacyPayloads(sentUnits)
        }
    }

    private var initialData: Map {
        guard case .object(let object)? = root else { return .null }
        return sent(by: 0, of: object)
    }

    private func currentPayloads(_ sentUnits: [Int], live: [Bool]) -> [IncrementalPayload] {
        var ids: [Int: String] = [:]
        for (index, record) in records.enumerated() {
            if let first = record.units.first, live[first] { ids[index] = String(ids.count) }
        }
        func pending(announcedBy unit: Int) -> [IncrementalPayload.Pending] {
            records.indices.compactMap { index in
                guard records[index].parentUnit == unit, let id = ids[index] else { return nil }
                return IncrementalPayload.Pending(id: id, path: records[index].path, label: records[index].label)
            }
        }
        var payloads = [
            IncrementalPayload(
                data: initialData,
                errors: (errors[0] ?? []) + (failures[0] ?? []),
                pending: pending(announcedBy: 0),
                hasNext: !sentUnits.isEmpty
            )
        ]
        for (position, unit) in sentUnits.enumerated() {
            guard let recordIndex = units[unit].record, let id = ids[recordIndex] else { continue }
            let record = records[recordIndex]
            var payload = IncrementalPayload(pending: pending(announcedBy: unit), hasNext: position < sentUnits.count - 1)
            if let failure = failures[unit] {
                payload.completed = [IncrementalPayload.Completed(id: id, errors: failure)]
            } else if let item = units[unit].item {
                let node = root?.node(at: (record.path + [.index(item)])[...])
                let items: Map = .array(node.map { [sent(by: unit, of: $0)] } ?? [])
                payload.incremental = [IncrementalPayload.Entry(id: id, items: items, errors: errors[unit] ?? [])]
                let isLast = record.units.last { live[$0] } == unit
                if isLast { payload.completed = [IncrementalPayload.Completed(id: id)] }
            } else {
                let found = root?.node(at: record.path[...]).map { entries(of: unit, below: $0) } ?? []
                payload.incremental = found.map { IncrementalPayload.Entry(id: id, data: $0.data, subPath: $0.subPath) }
                attach(errors[unit] ?? [], to: &payload.incremental, below: record.path)
                payload.completed = [IncrementalPayload.Completed(id: id)]
            }
            payloads.append(payload)
        }
        return payloads
    }

    /// Puts each error on the entry whose place is the longest prefix of the error's path.
    private func attach(_ errors: [GraphQLError], to entries: inout [IncrementalPayload.Entry], below path: [IndexPathValue]) {
        guard !entries.isEmpty else { return }
        for error in errors {
            let errorPath = error.path.elements
            var best = 0
            var bestLength = -1
            for (index, entry) in entries.enumerated() {
                let place = path + entry.subPath
                if Self.hasPrefix(errorPath, place), place.count > bestLength {
                    best = index
                    bestLength = place.count
                }
            }
            entries[best].errors.append(error)
        }
    }

    private func legacyPayloads(_ sentUnits: [Int]) -> [IncrementalPayload] {
        var payloads = [
            IncrementalPayload(data: initialData, errors: (errors[0] ?? []) + (failures[0] ?? []), hasNext: !sentUnits.isEmpty)
        ]
        for (position, unit) in sentUnits.enumerated() {
            guard let recordIndex = units[unit].record else { continue }
            let record = records[recordIndex]
            var entry = IncrementalPayload.Entry(label: record.label)
            let failure = failures[unit]
            entry.errors = failure ?? errors[unit] ?? []
            if let item = units[unit].item {
                entry.path = record.path + [.index(item)]
                let node = root?.node(at: (record.path + [.index(item)])[...])
                entry.items = failure == nil ? .array(node.map { [sent(by: unit, of: $0)] } ?? []) : .null
            } else {
                entry.path = record.path
                let node = root?.node(at: record.path[...])
                entry.data = failure == nil ? node.map { selected(under: unit, of: $0) } ?? .null : .null
            }
            payloads.append(IncrementalPayload(incremental: [entry], hasNext: position < sentUnits.count - 1))
        }
        return payloads
    }
}

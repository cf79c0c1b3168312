/// A misbehaviour of the next incremental answer (see the `incremental…` faults of
/// ``ExampleServerFault``).
enum IncrementalFault: Sendable, Equatable {
    /// The first part whole, then half of the second, then the connection closes.
    case cutInPart
    /// The delimiter line before the second part is `--x`.
    case badBoundary
    /// A later payload's `incremental` entry has an id no `pending` announced (current format).
    case unknownID
    /// Every payload says `hasNext: true`, and the body ends with the close delimiter anyway.
    case neverEnds
    /// The body ends after the last part, without the close delimiter.
    case noClose

    /// The id ``unknownID`` sends.
    static let unannouncedID = "99"

    func apply(to payloads: inout [IncrementalPayload]) {
        switch self {
        case .unknownID:
            guard let index = payloads.indices.dropFirst().first(where: { !payloads[$0].incremental.isEmpty && payloads[$0].incremental[0].id != nil }) else { return }
            payloads[index].incremental[0].id = Self.unannouncedID
        case .neverEnds:
            for index in payloads.indices { payloads[index].hasNext = true }
        case .cutInPart, .badBoundary, .noClose:
            return
        }
    }

    func apply(to body: inout MultipartMixedBody) {
        switch self {
        case .cutInPart:
            let part = min(1, body.parts.count - 1)
            let length = body.parts[part].count + body.framing.headerBlock.count
            body.cut = (part, length / 2)
        case .badBoundary:
            if body.delimiters.count > 1 { body.delimiters[1] = "--x" }
        case .noClose:
            body.closes = false
        case .unknownID, .neverEnds:
            return
        }
    }
}

@testable import ApogeeAPI

extension JSONValue {
    /// The value as JSON text with every object's keys in an order `generator` picks: a
    /// server may send fields in any order, and paths that expect the selection's order must
    /// fall back when it is not.
    public func text(shufflingKeysWith generator: inout SeededGenerator) -> String {
        switch self {
        case .object(let fields):
            let members = fields.sorted { $0.key < $1.key }.shuffled(using: &generator)
            let written = members.map { JSONValue.string($0.key).serializedString + ":" + $0.value.text(shufflingKeysWith: &generator) }
            return "{" + written.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map { $0.text(shufflingKeysWith: &generator) }.joined(separator: ",") + "]"
        default:
            return serializedString
        }
    }
}

/// A generator that gives the same numbers for the same seed (SplitMix64), so that a test
/// that fails on one shuffle can be run again on the same one.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

import Graphiti
import GraphQL

/// The Swift side of the GraphQL `ID` scalar.
///
/// Graphiti maps Swift types to GraphQL types one to one, so a `String` identifier would be
/// published as `String!`; a distinct type lets the schemas say `ID!` as the shared SDL does.
struct GraphQLID: Codable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    init(stringLiteral value: String) {
        self.rawValue = value
    }

    init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    var description: String { rawValue }
}

extension GraphQLID {
    /// The `ID` scalar for a Graphiti schema. Like the built-in `ID`, it accepts integers as
    /// well as strings in variables and literals (`launch(id: 25)`), and always answers strings.
    static func scalar<Resolver: Sendable, Context: Sendable>() -> Scalar<Resolver, Context, GraphQLID> {
        Scalar(
            GraphQLID.self,
            as: "ID",
            serialize: { value, _ in
                guard let id = value as? GraphQLID else {
                    throw GraphQLError(message: "ID cannot represent value: \(value)")
                }
                return .string(id.rawValue)
            },
            parseValue: { map, _ in
                switch map {
                case .string(let string):
                    return .string(string)
                case .number(let number) where number.storageType == .int:
                    return .string(String(number.intValue))
                default:
                    throw GraphQLError(message: "ID cannot represent a non-string and non-integer value: \(map)")
                }
            },
            parseLiteral: { value, _ in
                if let string = value as? StringValue { return .string(string.value) }
                if let int = value as? IntValue { return .string(int.value) }
                throw GraphQLError(message: "ID cannot represent a non-string and non-integer value")
            }
        )
    }
}

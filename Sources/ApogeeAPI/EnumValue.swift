/// A generated GraphQL enum: a Swift enum with a case per schema value, plus a case that
/// keeps values the schema did not have when the code was generated, so that a server which
/// adds a value does not break decoding.
///
/// Generated enums implement `rawValue` and `init(rawValue:)`; everything else comes from
/// this protocol.
public protocol EnumValue: RawRepresentable<String>, ResponseDecodable, ResponseEncodable, InputValueConvertible, Hashable, Sendable {
    /// The enum for a schema value name; an unknown name gives the unknown case.
    init(rawValue: String)
}

extension EnumValue {
    public init(responseValue: JSONValue) throws {
        switch responseValue {
        case .string(let name): self.init(rawValue: name)
        case .null: throw ResponseDecodingError(.unexpectedNull)
        default: throw ResponseDecodingError.typeMismatch(expected: "an enum value name", found: responseValue)
        }
    }

    public var responseValue: JSONValue { .string(rawValue) }

    public var inputValue: InputValue { .json(.string(rawValue)) }
}

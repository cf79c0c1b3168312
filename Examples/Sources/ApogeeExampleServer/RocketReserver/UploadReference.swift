import Graphiti
import GraphQL

/// The Swift side of the `Upload` scalar: which file of the multipart request a variable
/// names. The multipart reader puts the file's form-field name where the client put `null`.
struct UploadReference: Codable, Sendable {
    let key: String

    init(from decoder: any Decoder) throws {
        key = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }

    /// The `Upload` scalar for a Graphiti schema; it is input-only, so it never serializes.
    static func scalar<Resolver: Sendable, Context: Sendable>() -> Scalar<Resolver, Context, UploadReference> {
        Scalar(
            UploadReference.self,
            as: "Upload",
            serialize: { _, _ in throw GraphQLError(message: "Upload is an input-only scalar") },
            parseValue: { map, _ in
                guard case .string(let key) = map else {
                    throw GraphQLError(message: "Upload must be sent as a file of a multipart request")
                }
                return .string(key)
            },
            parseLiteral: { _, _ in
                throw GraphQLError(message: "Upload cannot be written as a literal; send a file in a multipart request")
            }
        )
    }
}

/// The close codes of graphql-transport-ws (The Guild's graphql-ws, PROTOCOL.md) that this
/// server sends.
enum GraphQLTransportWSCloseCode: UInt16, Sendable {
    /// A message that is not JSON, has an unknown type, or lacks a required field.
    case badRequest = 4400
    /// `subscribe` before `connection_ack`, or no token when the server requires one.
    case unauthorized = 4401
    /// A token that is present but not valid.
    case forbidden = 4403
    /// No `connection_init` in time.
    case connectionInitialisationTimeout = 4408
    /// A `subscribe` whose id is still running.
    case subscriberAlreadyExists = 4409
    /// A second `connection_init`.
    case tooManyInitialisationRequests = 4429
    /// The server failed.
    case internalServerError = 4500
}

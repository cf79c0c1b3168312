/// The close codes of graphql-transport-ws and of WebSockets that the transport acts on.
package enum WebSocketCloseCode {
    static let normalClosure: UInt16 = 1000
    static let goingAway: UInt16 = 1001
    /// Not sent on the wire: what a connection that ended without a close frame reports.
    package static let abnormalClosure: UInt16 = 1006
    /// A message was larger than the receiver accepts.
    static let messageTooBig: UInt16 = 1009
    /// The client's own code when the server broke the protocol (graphql-ws's "Bad response").
    static let badResponse: UInt16 = 4004
    static let connectionAcknowledgementTimeout: UInt16 = 4504

    /// Codes after which connecting again would get the same answer, so every subscription
    /// fails instead: the server refused the client (4400, 4401, 4403, 4406, 4409, 4429), failed
    /// (4500), the client found the server's messages unusable (4004, 4005), or the WebSocket
    /// layer reported a fault of the same kind. Everything else (a lost connection, a restart,
    /// the 4408 and 4504 timeouts) is worth a reconnect.
    static func isFatal(_ code: UInt16) -> Bool {
        switch code {
        case 4004, 4005, 4400, 4401, 4403, 4406, 4409, 4429, 4500: true
        case 1000, 1001, 1005, 1006, 1012, 1013, 1014: false
        case 1000...1999: true
        default: false
        }
    }
}

import ApogeeAPI

/// A message of graphql-transport-ws, as the server sends it.
enum GraphQLWebSocketServerMessage: Sendable {
    case connectionAck(payload: JSONObject?)
    case ping(payload: JSONObject?)
    case pong(payload: JSONObject?)
    case next(id: String, payload: JSONObject)
    case error(id: String, errors: [GraphQLError])
    case complete(id: String)

    /// Reads a text frame. A frame that is not JSON, lacks the fields its type needs, or has a
    /// type the protocol does not define is the server breaking the protocol.
    init(text: String) throws(SubscriptionError) {
        // Made only for an error: events are most of the traffic.
        var excerpt: String { String(text.prefix(200)) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            throw .malformedMessage(excerpt)
        }
        guard let object = json.objectValue, let type = object["type"]?.stringValue else {
            throw .malformedMessage(excerpt)
        }
        let payload = object["payload"]?.objectValue
        func id() throws(SubscriptionError) -> String {
            guard let id = object["id"]?.stringValue, !id.isEmpty else { throw .malformedMessage(excerpt) }
            return id
        }
        switch type {
        case "connection_ack": self = .connectionAck(payload: payload)
        case "ping": self = .ping(payload: payload)
        case "pong": self = .pong(payload: payload)
        case "next":
            guard let payload else { throw .malformedMessage(excerpt) }
            self = .next(id: try id(), payload: payload)
        case "error":
            guard let entries = object["payload"]?.arrayValue else { throw .malformedMessage(excerpt) }
            let errors: [GraphQLError]
            do {
                errors = try entries.map { entry throws(InvalidResponseReason) in try GraphQLError(json: entry) }
            } catch {
                throw .malformedMessage(excerpt)
            }
            self = .error(id: try id(), errors: errors)
        case "complete": self = .complete(id: try id())
        default:
            throw .unexpectedMessage("a message of type '\(type)', which graphql-transport-ws does not define")
        }
    }
}

/// The messages the client sends, as the text of a frame.
enum GraphQLWebSocketClientMessage {
    static func connectionInit(payload: JSONObject?) -> String {
        message(type: "connection_init", payload: payload.map(JSONValue.object))
    }

    static func ping() -> String { #"{"type":"ping"}"# }

    static func pong(payload: JSONObject?) -> String {
        message(type: "pong", payload: payload.map(JSONValue.object))
    }

    /// `subscribe`, whose payload is the request's body as it would go over HTTP.
    static func subscribe(id: String, body: GraphQLRequestBody) -> String {
        let payload = String(decoding: body.jsonBytes(), as: UTF8.self)
        return #"{"type":"subscribe","id":"# + JSONValue.string(id).serializedString + #","payload":"# + payload + "}"
    }

    static func complete(id: String) -> String {
        #"{"type":"complete","id":"# + JSONValue.string(id).serializedString + "}"
    }

    private static func message(type: String, payload: JSONValue?) -> String {
        var object: JSONObject = ["type": .string(type)]
        if let payload { object["payload"] = payload }
        return JSONValue.object(object).serializedString
    }
}

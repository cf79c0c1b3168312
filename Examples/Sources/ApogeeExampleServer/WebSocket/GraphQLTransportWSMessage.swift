import ApogeeAPI
import GraphQL

/// A message from a graphql-transport-ws client.
enum GraphQLTransportWSClientMessage: Sendable {
    case connectionInit(payload: JSONObject)
    case ping(payload: JSONValue?)
    case pong
    case subscribe(id: String, operation: StreamedOperation)
    case complete(id: String)

    /// Why a text frame is not a valid message; the server closes with 4400 and this reason.
    struct Invalid: Error {
        let reason: String
    }

    /// Reads one text frame.
    init(text: String) throws(Invalid) {
        guard let json = try? JSONValue(parsing: text), let object = json.objectValue else {
            throw Invalid(reason: "Invalid message received: not a JSON object")
        }
        guard let type = object["type"]?.stringValue else {
            throw Invalid(reason: "Invalid message received: missing type")
        }
        switch type {
        case "connection_init":
            switch object["payload"] {
            case nil, .null?: self = .connectionInit(payload: [:])
            case .object(let payload)?: self = .connectionInit(payload: payload)
            default: throw Invalid(reason: "Invalid message received: connection_init payload must be an object")
            }
        case "ping":
            self = .ping(payload: object["payload"].flatMap { $0.isNull ? nil : $0 })
        case "pong":
            self = .pong
        case "subscribe":
            let id = try Self.id(in: object)
            guard let payload = object["payload"]?.objectValue, let query = payload["query"]?.stringValue else {
                throw Invalid(reason: "Invalid message received: subscribe needs a payload with a query")
            }
            let operationName = payload["operationName"]?.stringValue
            let variables: JSONObject
            switch payload["variables"] {
            case nil, .null?: variables = [:]
            case .object(let object)?: variables = object
            default: throw Invalid(reason: "Invalid message received: variables must be an object")
            }
            self = .subscribe(id: id, operation: StreamedOperation(query: query, operationName: operationName, variables: variables.mapValues(Map.init)))
        case "complete":
            self = .complete(id: try Self.id(in: object))
        default:
            throw Invalid(reason: "Invalid message received: unknown type \(type)")
        }
    }

    private static func id(in object: JSONObject) throws(Invalid) -> String {
        guard let id = object["id"]?.stringValue, !id.isEmpty else {
            throw Invalid(reason: "Invalid message received: missing id")
        }
        return id
    }
}

/// The messages this server sends, as the text of a frame.
enum GraphQLTransportWSServerMessage {
    static let connectionAck = #"{"type":"connection_ack"}"#
    static let ping = #"{"type":"ping"}"#

    /// A `pong` that echoes the `ping`'s payload, if it had one.
    static func pong(payload: JSONValue?) -> String {
        guard let payload else { return #"{"type":"pong"}"# }
        var writer = JSONWriter()
        writer.writeRaw(#"{"type":"pong","payload":"#)
        writer.write(payload)
        writer.writeRaw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A result: the payload is a GraphQL response (`data`, `errors`).
    static func next(id: String, result: GraphQLResult) -> String {
        message(id: id, type: "next", payload: GraphQLResponseEncoding.encode(data: result.data ?? .null, errors: result.errors))
    }

    /// A result already written as JSON: a payload of an incremental (`@defer`, `@stream`) answer.
    static func next(id: String, payload: [UInt8]) -> String {
        message(id: id, type: "next", payload: payload)
    }

    /// Errors that stopped the operation before (or instead of) results: a list of GraphQL errors.
    static func error(id: String, errors: [GraphQL.GraphQLError]) -> String {
        message(id: id, type: "error", payload: GraphQLResponseEncoding.encode(errors: errors))
    }

    static func complete(id: String) -> String {
        message(id: id, type: "complete", payload: nil)
    }

    private static func message(id: String, type: StaticString, payload: [UInt8]?) -> String {
        var writer = JSONWriter()
        writer.writeRaw(#"{"id":"#)
        writer.write(id)
        writer.writeRaw(#","type":""#)
        writer.writeRaw(type)
        writer.writeRaw(#"""#)
        var bytes = writer.bytes
        if let payload {
            bytes += Array(#","payload":"#.utf8) + payload
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}

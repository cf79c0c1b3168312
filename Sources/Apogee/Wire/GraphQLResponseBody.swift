import ApogeeAPI
import Foundation
import HTTPTypes

/// A GraphQL response read from its JSON, before its data is decoded into typed models.
struct GraphQLResponseBody: Sendable {
    /// The `data` object; `nil` when it is `null` or absent.
    var data: ResponseData?
    /// The `errors`, or `nil` when there are none.
    var errors: [GraphQLError]?
    /// The `extensions`, when present.
    var extensions: JSONObject?

    /// Reads a GraphQL response from JSON text, the way the GraphQL-over-HTTP specification
    /// describes: an object with `data`, `errors` or both.
    ///
    /// The body is parsed into a ``JSONDocument``: `data` stays in it, for the typed data and
    /// the store to read in place; only `errors` and `extensions` become trees.
    init(parsing bytes: some Collection<UInt8>) throws(InvalidResponseReason) {
        guard !bytes.isEmpty else { throw .emptyBody }
        let root: JSONDocument.Value
        do {
            root = try JSONDocument(parsing: bytes).root
        } catch let error as JSONParsingError {
            throw .malformedJSON(error)
        } catch {
            throw .notAGraphQLResponse("\(error)")
        }
        guard root.isObject else {
            throw .notAGraphQLResponse("the top level is \(root.kindDescription), not an object")
        }
        let data = root.member("data")
        let errors = root.member("errors")
        guard data != nil || errors != nil else {
            throw .notAGraphQLResponse("it has neither 'data' nor 'errors'")
        }
        let serverData: ResponseData?
        switch data {
        case let data? where data.isObject: serverData = .document(data)
        case let data? where !data.isNull: throw .notAGraphQLResponse("'data' is \(data.kindDescription), not an object")
        default: serverData = nil
        }
        try self.init(data: serverData, errorsJSON: errors?.jsonValue, extensionsJSON: root.member("extensions")?.jsonValue)
    }

    /// Reads a GraphQL response already parsed into a JSON object: one from the network, or
    /// one a durable queue stored as a mutation's outcome.
    init(object: JSONObject) throws(InvalidResponseReason) {
        guard object["data"] != nil || object["errors"] != nil else {
            throw .notAGraphQLResponse("it has neither 'data' nor 'errors'")
        }
        let data: ResponseData?
        switch object["data"] {
        case nil, .null?: data = nil
        case .object(let fields)?: data = .tree(fields)
        case let other?: throw .notAGraphQLResponse("'data' is \(other.kindDescription), not an object")
        }
        try self.init(data: data, errorsJSON: object["errors"], extensionsJSON: object["extensions"])
    }

    /// A response put together from its parts: the payloads of an incremental response merged.
    init(data: ResponseData?, errors: [GraphQLError], extensions: JSONObject?) {
        self.data = data
        self.errors = errors.isEmpty ? nil : errors
        self.extensions = extensions
    }

    /// The response from its `data`, already checked, and its `errors` and `extensions`.
    private init(data: ResponseData?, errorsJSON: JSONValue?, extensionsJSON: JSONValue?) throws(InvalidResponseReason) {
        self.data = data
        switch errorsJSON {
        case nil, .null?: errors = nil
        case .array(let entries)?: errors = entries.isEmpty ? nil : try entries.map { entry throws(InvalidResponseReason) in try GraphQLError(json: entry) }
        case let other?: throw .notAGraphQLResponse("'errors' is \(other.kindDescription), not a list")
        }
        extensions = extensionsJSON?.objectValue
        guard data != nil || errors != nil else { throw .nullDataWithoutErrors }
    }
}

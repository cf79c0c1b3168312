import ApogeeAPI
import GraphQL
import HTTPTypes

/// A GraphQL request as it came over HTTP. `query` may be missing when the client sends
/// only a persisted query's hash.
struct GraphQLHTTPRequest: Sendable {
    var query: String?
    var operationName: String?
    var variables: [String: Map]
    var extensions: JSONObject
    /// The working group's `onError` (graphql-spec pull request 1163); `nil` propagates
    /// errors as servers always have.
    var onError: ErrorBehavior? = nil
    /// The files of a multipart request, by the key that the `Upload` variables now hold.
    var uploads: [String: UploadedFile] = [:]

    /// What the server does with a field error, as the request's `onError` asks.
    enum ErrorBehavior: String, Sendable {
        /// `null` where the field failed, even in a non-null position; nothing above is lost.
        case null = "NULL"
        /// The error goes up to the nearest nullable field.
        case propagate = "PROPAGATE"
        /// `data: null` at the first error.
        case halt = "HALT"
    }
}

/// Why the server refused a request before running any GraphQL: bad JSON, a wrong method…
struct RequestRejection: Error, Sendable {
    let status: HTTPResponse.Status
    let message: String
    var code: String?
    var headers: HTTPFields = [:]
}

extension GraphQLHTTPRequest {
    /// Reads the JSON body of a POST: `{query, operationName, variables, extensions}`.
    init(jsonBody: [UInt8]) throws(RequestRejection) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: jsonBody)
        } catch {
            throw RequestRejection(status: .badRequest, message: "The request body is not valid JSON: \(error)")
        }
        try self.init(json: json)
    }

    /// Reads a request object that is already parsed (the body, or a multipart `operations` field).
    init(json: JSONValue) throws(RequestRejection) {
        guard let object = json.objectValue else {
            throw RequestRejection(status: .badRequest, message: "The request body must be a JSON object, not \(json.kindDescription).")
        }
        try self.init(
            query: Self.string(object["query"], name: "query"),
            operationName: Self.string(object["operationName"], name: "operationName"),
            variables: Self.object(object["variables"], name: "variables"),
            extensions: Self.object(object["extensions"], name: "extensions")
        )
        onError = try Self.errorBehavior(Self.string(object["onError"], name: "onError"))
    }

    /// Reads the URL query of a GET, where `variables` and `extensions` are JSON text.
    init(queryParameters: [(key: String, value: String)]) throws(RequestRejection) {
        func parameter(_ name: String) -> String? {
            queryParameters.first { $0.key == name }?.value
        }
        func json(_ name: String) throws(RequestRejection) -> JSONValue? {
            guard let text = parameter(name), !text.isEmpty else { return nil }
            do {
                return try JSONValue(parsing: text)
            } catch {
                throw RequestRejection(status: .badRequest, message: "The \(name) parameter is not valid JSON: \(error)")
            }
        }
        try self.init(
            query: parameter("query").flatMap { $0.isEmpty ? nil : $0 },
            operationName: parameter("operationName").flatMap { $0.isEmpty ? nil : $0 },
            variables: Self.object(json("variables"), name: "variables"),
            extensions: Self.object(json("extensions"), name: "extensions")
        )
        onError = try Self.errorBehavior(parameter("onError"))
    }

    private init(query: String?, operationName: String?, variables: JSONObject, extensions: JSONObject) {
        self.query = query
        self.operationName = operationName
        self.variables = variables.mapValues(Map.init)
        self.extensions = extensions
    }

    private static func string(_ value: JSONValue?, name: String) throws(RequestRejection) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let string)?: return string
        case let other?:
            throw RequestRejection(status: .badRequest, message: "\(name) must be a string, not \(other.kindDescription).")
        }
    }

    /// The `onError` asked for; another value than the three the proposal names is a request
    /// error, as the proposal says.
    private static func errorBehavior(_ value: String?) throws(RequestRejection) -> ErrorBehavior? {
        guard let value else { return nil }
        guard let behavior = ErrorBehavior(rawValue: value) else {
            throw RequestRejection(status: .badRequest, message: "onError must be NULL, PROPAGATE or HALT, not \(value).")
        }
        return behavior
    }

    private static func object(_ value: JSONValue?, name: String) throws(RequestRejection) -> JSONObject {
        switch value {
        case nil, .null?: return [:]
        case .object(let object)?: return object
        case let other?:
            throw RequestRejection(status: .badRequest, message: "\(name) must be an object, not \(other.kindDescription).")
        }
    }
}

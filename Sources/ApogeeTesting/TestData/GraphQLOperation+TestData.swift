import ApogeeAPI
import Foundation

extension GraphQLOperation {
    /// The operation's typed data, built from builders of the test data that a test target
    /// generates (see ``ObjectBuilder``): `root` is a builder of the operation's root type.
    ///
    /// ```swift
    /// let data = try LaunchDetailsQuery(launchId: "25").buildData(
    ///     QueryBuilder(launch: LaunchBuilder(id: "25", site: "KSC", isBooked: true))
    /// )
    /// ```
    ///
    /// Fields that the builders leave alone get ``TestDataDefaults``; local fields get their
    /// builder's value or their declared default.
    /// - Throws: ``TestDataError`` when `root` is not of the root type or a value does not fit
    ///   its field; `ResponseDecodingError` when the built data does not decode (a custom
    ///   scalar's default that its type does not read, for one).
    public func buildData<Root: ObjectBuilder>(_ root: Root, defaults: TestDataDefaults = TestDataDefaults()) throws -> Data {
        try Data(json: buildDataJSON(root, defaults: defaults, asServerResponse: false))
    }

    /// The response a server would send for the operation, built from builders: `{"data": …}`,
    /// with `errors` when there are any. Local fields are left out, as a server leaves them out.
    ///
    /// Feed it to a ``MockNetworkTransport`` or a ``CannedTransport``, or write it to a store.
    /// - Throws: ``TestDataError`` when `root` is not of the root type or a value does not fit
    ///   its field.
    public func buildResponse<Root: ObjectBuilder>(
        _ root: Root, errors: [GraphQLError] = [], defaults: TestDataDefaults = TestDataDefaults()
    ) throws(TestDataError) -> JSONObject {
        var response: JSONObject = ["data": .object(try buildDataJSON(root, defaults: defaults, asServerResponse: true))]
        if !errors.isEmpty { response["errors"] = .array(errors.map(\.jsonValue)) }
        return response
    }

    /// ``buildResponse(_:errors:defaults:)`` as the bytes of a response body.
    public func buildResponseBody<Root: ObjectBuilder>(
        _ root: Root, errors: [GraphQLError] = [], defaults: TestDataDefaults = TestDataDefaults()
    ) throws(TestDataError) -> Foundation.Data {
        Foundation.Data(JSONValue.object(try buildResponse(root, errors: errors, defaults: defaults)).serialized())
    }

    private func buildDataJSON<Root: ObjectBuilder>(_ root: Root, defaults: TestDataDefaults, asServerResponse: Bool) throws(TestDataError) -> JSONObject {
        guard Root.__typename == Data.__parentType else {
            throw TestDataError(
                .wrongType, path: "",
                detail: "\(Self.operationName) selects on \(Data.__parentType), and the root builder builds a \(Root.__typename)")
        }
        var assembler = TestDataAssembler(
            schema: Root.__testDataSchema, defaults: defaults, variables: variablesJSON, asServerResponse: asServerResponse)
        return try assembler.object(typename: Root.__typename, fields: root.__fields, selections: [Data.__selections], path: "")
    }
}

extension Fragment {
    /// The fragment's typed data, built from a builder of a type its type condition allows.
    ///
    /// ```swift
    /// let tile = try LaunchTile.build(LaunchBuilder(id: "25", isBooked: true))
    /// ```
    /// - Throws: ``TestDataError`` when the builder's type does not satisfy the type condition
    ///   or a value does not fit its field; `ResponseDecodingError` when the built data does not
    ///   decode.
    public static func build<Object: ObjectBuilder>(
        _ object: Object, variables: JSONObject = [:], defaults: TestDataDefaults = TestDataDefaults()
    ) throws -> Self {
        guard __typeCondition.possibleTypes.contains(Object.__typename) else {
            throw TestDataError(
                .wrongType, path: "",
                detail: "fragment \(fragmentName) is on \(__typeCondition.name), which a \(Object.__typename) is not")
        }
        var assembler = TestDataAssembler(schema: Object.__testDataSchema, defaults: defaults, variables: variables, asServerResponse: false)
        return try Self(json: assembler.object(typename: Object.__typename, fields: object.__fields, selections: [__selections], path: ""))
    }
}

// The readers generated code uses for fields whose field errors are handled where they are:
// which one a field gets is decided by code generation, from `@catch`, `@semanticNonNull` and
// the project's default, so that every other field keeps the plain `decode`.

extension ResponseObject {
    /// Reads a field where a field error gives `nil`: one marked `@catch(to: NULL)`, or, under
    /// the `NULL` default, the nearest optional field above a semantically non-null one that
    /// failed. The error stays in the result's `errors`.
    @inlinable
    public func decodeCatchingFieldErrors<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        do {
            return try decode(responseKey, as: Value?.self)
        } catch let error as ResponseDecodingError where error.reason == .fieldError {
            return nil
        }
    }

    /// Reads a nullable field under the `THROW` default: `null` is `nil`, unless the server
    /// explains it with an error, which fails whatever catches it (the response's `data`,
    /// when nothing nearer does).
    @inlinable
    public func decodeThrowingFieldErrors<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        if case .parsed(let object) = storage, let value = object.member(responseKey), value.isNull {
            let errors = value.fieldErrors
            if !errors.isEmpty { throw ResponseDecodingError(fieldErrors: errors, at: [.field(responseKey)]) }
        }
        return try decode(responseKey, as: Value?.self)
    }
}

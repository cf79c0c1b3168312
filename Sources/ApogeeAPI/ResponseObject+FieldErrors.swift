// The readers generated code uses for fields whose field errors are handled where they are:
// which one a field gets is decided by code generation, from `@catch`, `@semanticNonNull` and
// the project's default, so that every other field keeps the plain `decode`.

extension ResponseObject {
    /// Reads a field marked `@catch(to: NULL)`: a field error at it or inside it gives `nil`
    /// (as it does for any optional field under the `NULL` default), also where the schema
    /// or `@semanticNonNull` makes the field non-null. The error stays in the result's
    /// `errors`.
    @inlinable
    public func decodeCatchingFieldErrors<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        // The optional itself takes the error: the name says in generated code that the field
        // is optional because of its `@catch`.
        try decode(responseKey, as: Value?.self)
    }

    /// Reads a nullable field under the `THROW` default: `null` is `nil`, unless the server
    /// explains it with an error, which fails whatever catches it (the response's `data`,
    /// when nothing nearer does); so does a field error inside the value.
    @inlinable
    public func decodeThrowingFieldErrors<Value: ResponseDecodable>(_ responseKey: String, as type: Value.Type = Value.self) throws -> Value? {
        guard case .parsed(let object) = storage else { return try decode(responseKey, as: Value?.self) }
        guard let value = object.member(responseKey) else {
            throw ResponseDecodingError(.missingField, at: [.field(responseKey)])
        }
        if value.isNull {
            let errors = value.fieldErrors
            if !errors.isEmpty { throw ResponseDecodingError(fieldErrors: errors, at: [.field(responseKey)]) }
            return nil
        }
        do {
            // Read as the value itself, not as an optional, which would take an error inside
            // it for its own `nil`.
            return try Value(parsed: consume value)
        } catch let error as ResponseDecodingError {
            throw error.prepending(.field(responseKey))
        }
    }
}

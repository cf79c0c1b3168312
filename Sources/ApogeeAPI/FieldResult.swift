/// A field's value, or the errors the server reported for it: what a field marked
/// `@catch(to: RESULT)` (or every nullable field under the `RESULT` default) is generated as.
///
/// GraphQL servers answer a field that failed with `null` and an entry in `errors`. A
/// `FieldResult` keeps that answer where the field is, so a view shows the value or the
/// error without matching the error's path by hand:
///
/// ```swift
/// switch launch.mission {
/// case .success(let mission): show(mission)
/// case .failure(let errors): showUnavailable(errors.first?.message)
/// }
/// ```
///
/// A field error inside the value that nothing nearer catches (a semantically non-null field
/// under the `THROW` default) fails the whole `FieldResult` instead of the whole response.
public enum FieldResult<Value> {
    /// The field's value.
    case success(Value)
    /// The field is `null` because resolving it failed; the server's errors say why.
    case failure([GraphQLError])

    /// The value, or `nil` for a failure.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The server's errors for the field; empty for a success.
    public var errors: [GraphQLError] {
        if case .failure(let errors) = self { return errors }
        return []
    }

    /// The value, or a ``FieldFailure`` with the server's errors.
    public func get() throws(FieldFailure) -> Value {
        switch self {
        case .success(let value): return value
        case .failure(let errors): throw FieldFailure(errors: errors)
        }
    }

    /// Reads a part of an object that may fail as a whole (a fragment under `@catch`): its
    /// field errors make a failure, and any other decoding error is thrown.
    @inlinable
    public init(catching decode: () throws -> Value) throws {
        do {
            self = .success(try decode())
        } catch let error as ResponseDecodingError where error.reason == .fieldError {
            self = .failure(error.fieldErrors)
        }
    }
}

/// The error ``FieldResult/get()`` throws for a field that failed on the server.
public struct FieldFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server's errors for the field.
    public var errors: [GraphQLError]

    /// A failure with the server's errors.
    public init(errors: [GraphQLError]) {
        self.errors = errors
    }

    public var description: String {
        errors.isEmpty ? "the field failed on the server" : errors.map(\.description).joined(separator: "; ")
    }
}

extension FieldResult: Sendable where Value: Sendable {}
extension FieldResult: Equatable where Value: Equatable {}
extension FieldResult: Hashable where Value: Hashable {}

extension FieldResult: ResponseDecodable where Value: ResponseDecodable {
    /// A value from JSON without the response's errors beside it: always a success.
    public init(responseValue: JSONValue) throws {
        self = .success(try Value(responseValue: responseValue))
    }

    /// The field's value, or a failure when the server explains its `null` with errors or a
    /// field error inside it is not caught nearer.
    @inlinable
    public init(parsed value: JSONDocument.Value) throws {
        if value.isNull {
            let errors = value.fieldErrors
            if !errors.isEmpty {
                self = .failure(errors)
                return
            }
        }
        do {
            self = .success(try Value(parsed: consume value))
        } catch let error as ResponseDecodingError where error.reason == .fieldError {
            self = .failure(error.fieldErrors)
        }
    }
}

extension FieldResult: ResponseEncodable where Value: ResponseEncodable {
    /// The value's JSON, or `null` for a failure, as the server sent it.
    public var responseValue: JSONValue {
        switch self {
        case .success(let value): value.responseValue
        case .failure: .null
        }
    }
}

// Field errors beside a document: the server's `errors` placed at the `null` each one explains,
// so that decoding finds them only where it meets a `null`, and a response without errors
// costs nothing.

/// The field errors of a response by the document entry of the `null` they explain.
///
/// An error's path leads from `data` to the field that failed. The server put `null` there,
/// or, when that field is non-null in the schema, at the nearest nullable field above it,
/// where the walk down the path stops: either way the error belongs to that `null`.
@usableFromInline final class FieldErrorIndex: Sendable {
    private let errorsByEntry: [Int: [GraphQLError]]

    /// Places each error with a path under `data`; `nil` when none has a `null` to explain.
    init?(errors: [GraphQLError], data: JSONDocument.Value) {
        var placed: [Int: [GraphQLError]] = [:]
        for error in errors {
            guard let path = error.path, !path.components.isEmpty,
                let entry = Self.nullEntry(along: path, from: data)
            else { continue }
            placed[entry, default: []].append(error)
        }
        guard !placed.isEmpty else { return nil }
        errorsByEntry = placed
    }

    /// Errors already placed, by entry.
    init(placed: [Int: [GraphQLError]]) {
        errorsByEntry = placed
    }

    /// The errors that explain the `null` at an entry.
    @usableFromInline func errors(at entry: Int) -> [GraphQLError]? {
        errorsByEntry[entry]
    }

    /// Every error placed, in the order of the document.
    var all: [GraphQLError] {
        errorsByEntry.sorted { $0.key < $1.key }.flatMap(\.value)
    }

    /// The entry of the first `null` on the path, or `nil` when the path leads to a value or
    /// to nothing the data holds.
    private static func nullEntry(along path: ResponsePath, from data: JSONDocument.Value) -> Int? {
        var value = data
        for component in path.components {
            if value.isNull { return value.index }
            switch component {
            case .field(let name):
                guard let member = value.member(name) else { return nil }
                value = member
            case .index(let position):
                guard let element = value.element(at: position) else { return nil }
                value = element
            }
        }
        return value.isNull ? value.index : nil
    }
}

extension JSONDocument {
    /// The field errors placed in the document, in its order: for a document the store
    /// assembled, the errors of the failed fields it read.
    package var fieldErrorList: [GraphQLError] {
        fieldErrors?.all ?? []
    }
}

extension JSONDocument.Value {
    /// The same value, in a document that knows where the server's field errors belong:
    /// what a generated type decodes when the response has errors with paths. The value
    /// itself when none of the errors explains a `null` in it, or when its document has its
    /// errors placed already.
    /// - Parameter errors: The response's `errors`; those without a path are left out.
    public func withFieldErrors(_ errors: [GraphQLError]) -> JSONDocument.Value {
        guard !errors.isEmpty, document.fieldErrors == nil, let index = FieldErrorIndex(errors: errors, data: self) else { return self }
        return JSONDocument.Value(document: JSONDocument(viewing: document, fieldErrors: index), index: self.index)
    }

    /// The server's errors for this value, when it is a `null` a field error explains; empty
    /// otherwise.
    public var fieldErrors: [GraphQLError] {
        isNull ? document.fieldErrors?.errors(at: index) ?? [] : []
    }

    /// The error for a `null` where a value is required: a field error when the server
    /// reported one here, otherwise a value the schema says cannot be null.
    @usableFromInline func nullError() -> ResponseDecodingError {
        if let errors = document.fieldErrors?.errors(at: index) { return ResponseDecodingError(fieldErrors: errors) }
        return ResponseDecodingError(.unexpectedNull)
    }

    /// The list's element at `position`, or `nil` when the value is not a list that long.
    package func element(at position: Int) -> JSONDocument.Value? {
        let entry = entry
        guard entry.kind == .array, position >= 0, position < Int(entry.count) else { return nil }
        var element = JSONDocument.Value(document: document, index: index + 1)
        for _ in 0..<position { element = element.nextSibling }
        return element
    }
}

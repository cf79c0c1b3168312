/// Choices that change the generated code.
public struct CodegenConfiguration: Sendable, Hashable {
    /// Swift types for GraphQL scalars, by scalar name: `["DateTime": "Foundation.Date"]`.
    ///
    /// `ID` and custom scalars map to `String` unless named here; `Upload` maps to ApogeeAPI's
    /// `Upload`. A mapped type must conform to `CustomScalar`. A module-qualified name
    /// (`Foundation.Date`) makes the schema types file import that module.
    public var scalarTypes: [String: String]
    /// What a field error that no `@catch` handles does (`apogee.json`'s `fieldErrors`); it
    /// overrides the schema's `@catchByDefault`. With neither, ``FieldErrorHandling/null``.
    public var fieldErrors: FieldErrorHandling?

    /// Creates a configuration.
    public init(scalarTypes: [String: String] = [:]) {
        self.scalarTypes = scalarTypes
        self.fieldErrors = nil
    }

    /// Creates a configuration with a default for field errors that no `@catch` handles.
    public init(scalarTypes: [String: String] = [:], fieldErrors: FieldErrorHandling?) {
        self.scalarTypes = scalarTypes
        self.fieldErrors = fieldErrors
    }
}

import HTTPTypes

/// The header field that multipart uploads carry so that CSRF-protected servers accept them.
///
/// A browser can send a `multipart/form-data` POST to any origin without a CORS preflight, so
/// servers such as Apollo Server refuse multipart requests unless they carry a header that a
/// plain form cannot set: `Apollo-Require-Preflight` or `X-Apollo-Operation-Name`. Apogee
/// sends `Apollo-Require-Preflight: true` by default; set
/// ``ApogeeClient/Configuration/uploadPreflightHeader`` for a client, or
/// ``RequestContext/uploadPreflightHeader`` for one request, to change it, or to `nil` to send none.
public struct UploadPreflightHeader: Sendable, Hashable {
    /// What the field holds.
    public enum Value: Sendable, Hashable {
        /// This text.
        case text(String)
        /// The name of the operation being sent.
        case operationName
    }

    /// The field's name.
    public var name: HTTPField.Name
    /// The field's value.
    public var value: Value

    /// A header field of your own.
    public init(name: HTTPField.Name, value: Value) {
        self.name = name
        self.value = value
    }

    /// `Apollo-Require-Preflight: true`, the default.
    public static let apolloRequirePreflight = UploadPreflightHeader(name: HTTPField.Name("Apollo-Require-Preflight")!, value: .text("true"))

    /// `X-Apollo-Operation-Name: <operation name>`.
    public static let apolloOperationName = UploadPreflightHeader(name: HTTPField.Name("X-Apollo-Operation-Name")!, value: .operationName)

    /// The field to send for an operation.
    func field(operationName: String) -> HTTPField {
        switch value {
        case .text(let text): HTTPField(name: name, value: text)
        case .operationName: HTTPField(name: name, value: operationName)
        }
    }
}

/// The context key of the preflight header.
enum UploadPreflightHeaderKey: RequestContextKey {
    /// `Apollo-Require-Preflight: true`.
    static let defaultValue: UploadPreflightHeader? = .apolloRequirePreflight
}

extension RequestContext {
    /// The header field sent with multipart uploads for CSRF protection; `nil` sends none.
    /// A field of the same name already on the request is left as it is.
    public var uploadPreflightHeader: UploadPreflightHeader? {
        get { self[UploadPreflightHeaderKey.self] }
        set { self[UploadPreflightHeaderKey.self] = newValue }
    }
}

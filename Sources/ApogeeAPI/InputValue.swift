/// A value sent as a variable or an input object field.
///
/// Unlike ``JSONValue`` it keeps the declared order of input object fields (so request bodies
/// are stable) and can hold an ``Upload`` anywhere, which the client turns into a file part of
/// a multipart request.
public indirect enum InputValue: Sendable, Hashable {
    /// A scalar, an enum name, `null`, or JSON given as is (a custom scalar's encoding).
    case json(JSONValue)
    /// A list.
    case list([InputValue])
    /// An input object, fields in declared order; fields left out are absent.
    case object([InputField])
    /// A file to upload.
    case upload(Upload)

    /// `null`.
    public static let null = InputValue.json(.null)

    /// The value as JSON, with each upload replaced by `null` as the multipart request spec asks.
    public var jsonValue: JSONValue {
        switch self {
        case .json(let value): value
        case .list(let values): .array(values.map(\.jsonValue))
        case .object(let fields):
            .object(JSONObject(fields.map { ($0.name, $0.value.jsonValue) }, uniquingKeysWith: { _, last in last }))
        case .upload: .null
        }
    }

    /// Every upload in the value with its path below the value (`["files", "0"]`), in order.
    public var uploads: [(path: [String], upload: Upload)] {
        var found: [(path: [String], upload: Upload)] = []
        collectUploads(prefix: [], into: &found)
        return found
    }

    private func collectUploads(prefix: [String], into found: inout [(path: [String], upload: Upload)]) {
        switch self {
        case .json: return
        case .upload(let upload): found.append((prefix, upload))
        case .list(let values):
            for (index, value) in values.enumerated() {
                value.collectUploads(prefix: prefix + [String(index)], into: &found)
            }
        case .object(let fields):
            for field in fields {
                field.value.collectUploads(prefix: prefix + [field.name], into: &found)
            }
        }
    }
}

/// One field of an input object, or one variable of an operation.
public struct InputField: Sendable, Hashable {
    /// The field's or variable's name.
    public var name: String
    /// Its value.
    public var value: InputValue

    /// Creates a field.
    public init(_ name: String, _ value: InputValue) {
        self.name = name
        self.value = value
    }

    /// Builds fields in the order written, leaving out `nil` values (fields to leave out).
    /// Generated code writes `InputField.fields(["id": id.inputValue, "text": text.inputValueIfPresent])`.
    public static func fields(_ pairs: KeyValuePairs<String, InputValue?>) -> [InputField] {
        pairs.compactMap { name, value in value.map { InputField(name, $0) } }
    }
}

/// A type that can be sent as a variable or input field value.
public protocol InputValueConvertible: Sendable {
    /// The value to send.
    var inputValue: InputValue { get }
}

extension String: InputValueConvertible {
    public var inputValue: InputValue { .json(.string(self)) }
}

extension Int: InputValueConvertible {
    public var inputValue: InputValue { .json(.int(self)) }
}

extension Double: InputValueConvertible {
    public var inputValue: InputValue { .json(.double(self)) }
}

extension Bool: InputValueConvertible {
    public var inputValue: InputValue { .json(.bool(self)) }
}

extension JSONValue: InputValueConvertible {
    public var inputValue: InputValue { .json(self) }
}

extension InputValue: InputValueConvertible {
    public var inputValue: InputValue { self }
}

extension Array: InputValueConvertible where Element: InputValueConvertible {
    public var inputValue: InputValue { .list(map(\.inputValue)) }
}

/// `nil` inside a list (`[ID]`) is sent as `null`.
extension Optional: InputValueConvertible where Wrapped: InputValueConvertible {
    public var inputValue: InputValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.inputValue
        }
    }
}

/// A generated input object type: a struct with a memberwise initializer.
public protocol InputObject: InputValueConvertible, Hashable {
    /// The fields to send, in declared order; fields left out are absent.
    var fields: [InputField] { get }
}

extension InputObject {
    public var inputValue: InputValue { .object(fields) }
}

/// A Swift type that a custom GraphQL scalar maps to.
///
/// By default code generation maps custom scalars (and `ID`) to `String`. To map a scalar to
/// another type, name the type in the code generation configuration and conform it here:
///
/// ```swift
/// extension Date: CustomScalar {
///     public init(responseValue: JSONValue) throws { … }
///     public var responseValue: JSONValue { … }
///     public var inputValue: InputValue { .json(responseValue) }
/// }
/// ```
public protocol CustomScalar: ResponseDecodable, ResponseEncodable, InputValueConvertible, Hashable {}

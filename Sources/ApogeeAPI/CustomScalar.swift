/// A Swift type that a custom GraphQL scalar maps to.
///
/// By default code generation maps custom scalars (and `ID`) to `String`. To map a scalar to
/// another type, name the type in the code generation configuration and conform it here:
///
/// ```swift
/// public struct Timestamp: CustomScalar {
///     public var date: Date
///     public init(responseValue: JSONValue) throws { … }
///     public var responseValue: JSONValue { … }
///     public var inputValue: InputValue { .json(responseValue) }
/// }
/// ```
///
/// A type of your own, like `Timestamp` here, conforms without warnings. To conform a type
/// you do not own, such as `Foundation.Date`, mark each protocol `@retroactive`: Swift 6
/// warns otherwise, since another module could declare the same conformance.
public protocol CustomScalar: ResponseDecodable, ResponseEncodable, InputValueConvertible, Hashable {}

/// A location in a GraphQL response: field names and list indices from the root of `data`.
///
/// GraphQL errors carry one (`errors[].path`), and so do decoding errors, so that a wrong
/// type in a large response can be found.
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable, CustomStringConvertible {
        case field(String)
        case index(Int)

        public var description: String {
            switch self {
            case .field(let name): name
            case .index(let index): String(index)
            }
        }
    }

    /// The steps, outermost first.
    public var components: [Component]

    /// Creates a path from its steps, outermost first.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path written the way GraphQL tools print it: `bookTrips.launches.0.id`.
    public var description: String {
        components.map(\.description).joined(separator: ".")
    }
}

extension ResponsePath.Component: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .field(value) }
    public init(integerLiteral value: Int) { self = .index(value) }
}

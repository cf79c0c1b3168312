/// A named counter of the live schema: `type Counter { id: ID! value: Int! }`.
struct Counter: Codable, Sendable, Equatable {
    let id: GraphQLID
    let value: Int
}

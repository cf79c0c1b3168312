import Foundation

extension ExampleServer {
    /// The RocketReserver endpoint, `/graphql`.
    public var rocketReserverURL: URL { baseURL.appendingPathComponent("graphql") }

    /// The Todo endpoint, `/todo/graphql`.
    public var todoURL: URL { baseURL.appendingPathComponent("todo").appendingPathComponent("graphql") }
}

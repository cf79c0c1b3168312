import Foundation

extension ExampleServer {
    /// The RocketReserver endpoint, `/graphql`.
    public var rocketReserverURL: URL { baseURL.appendingPathComponent("graphql") }

    /// The Todo endpoint, `/todo/graphql`.
    public var todoURL: URL { baseURL.appendingPathComponent("todo").appendingPathComponent("graphql") }

    /// The uploads endpoint, `/uploads/graphql`: lists of files and files in nested input objects.
    public var uploadsURL: URL { baseURL.appendingPathComponent("uploads").appendingPathComponent("graphql") }
}

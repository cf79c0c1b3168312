import ArgumentParser
import Foundation

/// Where a step subcommand sends its operations.
struct EndpointOptions: ParsableArguments {
    @Option(help: "The GraphQL endpoint of a RocketReserver server.")
    var endpoint: String = "http://127.0.0.1:8080/graphql"

    /// The endpoint as a URL, or a usage error naming the bad value.
    func url() throws -> URL {
        guard let url = URL(string: endpoint), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--endpoint must be an http or https URL, got '\(endpoint)'")
        }
        return url
    }
}

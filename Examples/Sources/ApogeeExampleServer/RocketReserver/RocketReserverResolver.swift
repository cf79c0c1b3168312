import Foundation
import Graphiti

/// The root fields of the RocketReserver schema. Stateless: the state lives in the context's store.
struct RocketReserverResolver: Sendable {
    struct LaunchesArguments: Codable, Sendable {
        let pageSize: Int?
        let after: String?
    }

    func launches(context: RocketReserverContext, arguments: LaunchesArguments) async throws -> LaunchConnection {
        try LaunchConnection.page(
            of: context.store.launches.reversed(),
            pageSize: arguments.pageSize,
            after: arguments.after
        )
    }

    struct LaunchArguments: Codable, Sendable {
        let id: GraphQLID
    }

    func launch(context: RocketReserverContext, arguments: LaunchArguments) async -> Launch? {
        await context.store.launch(id: arguments.id)
    }

    func me(context: RocketReserverContext, arguments: NoArguments) async throws -> RocketUser? {
        try await context.currentUser()
    }

    struct LoginArguments: Codable, Sendable {
        let email: String?
    }

    func login(context: RocketReserverContext, arguments: LoginArguments) async throws -> RocketUser? {
        guard let email = arguments.email?.trimmingCharacters(in: .whitespaces), email.contains("@"),
            !email.hasPrefix("@"), !email.hasSuffix("@")
        else {
            throw ResolverError.badInput("login needs an email address, such as me@example.com.")
        }
        return await context.store.login(email: email)
    }

    /// The number of launches each successful `bookTrips` books, from now on.
    func tripsBooked(context: RocketReserverContext, arguments: NoArguments) -> AsyncStream<Int?> {
        context.store.tripsBooked.subscribe(lifetime: context.sourceLifetime)
    }
}

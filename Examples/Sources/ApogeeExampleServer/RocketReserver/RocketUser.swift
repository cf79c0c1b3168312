import Graphiti

/// A user as the schema shows it. `token` carries the session the request used (or the one
/// `login` just created), so a client can read it back from `login`'s answer.
struct RocketUser: Sendable {
    let id: GraphQLID
    let email: String
    let profileImage: String?
    let token: String?

    func trips(context: RocketReserverContext, arguments: NoArguments) async -> [Launch?] {
        await context.store.bookedLaunches(userID: id)
    }
}

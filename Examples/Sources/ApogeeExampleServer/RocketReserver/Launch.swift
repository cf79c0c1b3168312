import Graphiti

/// A launch of the space-explorer schema. Immutable catalogue data; whether it is booked
/// depends on who asks, so `isBooked` is resolved against the request's user.
struct Launch: Sendable {
    let id: GraphQLID
    let site: String?
    let mission: Mission?
    let rocket: Rocket?

    func isBooked(context: RocketReserverContext, arguments: NoArguments) async throws -> Bool {
        try await context.store.checkField("Launch.isBooked")
        guard let user = await context.currentUserIfValid() else { return false }
        return await context.store.isBooked(launchID: id, userID: user.id)
    }
}

/// A mission, with a patch image in two sizes.
struct Mission: Sendable {
    let name: String?
    /// Where the patch images live; the size picks the file.
    let patchBaseURL: String

    struct PatchArguments: Codable, Sendable {
        let size: PatchSize?
    }

    func missionPatch(context: RocketReserverContext, arguments: PatchArguments) -> String? {
        // The tutorial's server answers the large patch when no size is asked for.
        let size = arguments.size ?? .LARGE
        return "\(patchBaseURL)_\(size == .SMALL ? "small" : "large").png"
    }
}

/// The two patch sizes of the schema's `PatchSize` enum.
enum PatchSize: String, Codable, Sendable, CaseIterable {
    // The case names are the GraphQL enum values, so they keep the schema's spelling.
    case SMALL
    case LARGE
}

/// A rocket model.
struct Rocket: Sendable {
    let id: GraphQLID
    let name: String?
    let type: String?
}

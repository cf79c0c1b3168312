import Graphiti

extension RocketReserverResolver {
    struct BookTripsArguments: Codable, Sendable {
        let launchIds: [GraphQLID?]
    }

    func bookTrips(context: RocketReserverContext, arguments: BookTripsArguments) async throws -> TripUpdateResponse {
        let user = try await context.requireUser()
        let ids = arguments.launchIds.compactMap { $0 }
        let (booked, unknown) = await context.store.book(launchIDs: ids, userID: user.id)
        let missing = unknown.map(\.rawValue) + Array(repeating: "null", count: arguments.launchIds.count - ids.count)
        guard missing.isEmpty else {
            return TripUpdateResponse(
                success: false,
                message: "These launches could not be booked: \(missing.joined(separator: ", ")).",
                launches: booked
            )
        }
        context.store.tripsBooked.publish(booked.count)
        return TripUpdateResponse(success: true, message: "Trips booked successfully.", launches: booked)
    }

    struct CancelTripArguments: Codable, Sendable {
        let launchId: GraphQLID
    }

    func cancelTrip(context: RocketReserverContext, arguments: CancelTripArguments) async throws -> TripUpdateResponse {
        let user = try await context.requireUser()
        guard let launch = await context.store.launch(id: arguments.launchId) else {
            return TripUpdateResponse(success: false, message: "There is no launch \(arguments.launchId).", launches: [])
        }
        guard await context.store.cancel(launchID: launch.id, userID: user.id) else {
            return TripUpdateResponse(success: false, message: "Launch \(launch.id) is not booked.", launches: [launch])
        }
        return TripUpdateResponse(success: true, message: "Cancelled the trip on launch \(launch.id).", launches: [launch])
    }

    struct UploadProfileImageArguments: Codable, Sendable {
        let file: UploadReference
    }

    func uploadProfileImage(context: RocketReserverContext, arguments: UploadProfileImageArguments) async throws -> RocketUser? {
        let user = try await context.requireUser()
        guard let file = context.uploads[arguments.file.key] else {
            throw ResolverError.badInput("No file was sent for the Upload variable (form field \"\(arguments.file.key)\").")
        }
        return await context.store.setProfileImage(file.fileName, userID: user.id, token: context.token)
    }
}

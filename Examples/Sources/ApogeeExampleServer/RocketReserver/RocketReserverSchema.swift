import Graphiti

/// The space-explorer schema of `schemas/rocket-reserver.graphqls`, declared with Graphiti.
///
/// Swift optionals make nullable GraphQL types and everything else is non-null, so the Swift
/// types of the models and arguments spell out the SDL's nullability.
enum RocketReserverSchema {
    static func make() throws -> Schema<RocketReserverResolver, RocketReserverContext> {
        try Schema<RocketReserverResolver, RocketReserverContext> {
            GraphQLID.scalar()
            UploadReference.scalar()
            Enum(PatchSize.self) {
                Value(.SMALL)
                Value(.LARGE)
            }
            Type(Rocket.self) {
                Field("id", at: \.id)
                Field("name", at: \.name)
                Field("type", at: \.type)
            }
            Type(Mission.self) {
                Field("name", at: \.name)
                Field("missionPatch", at: Mission.missionPatch) {
                    Argument("size", at: \.size)
                }
            }
            Type(Launch.self) {
                Field("id", at: \.id)
                Field("site", at: \.site)
                Field("mission", at: Launch.mission)
                Field("rocket", at: Launch.rocket)
                Field("isBooked", at: Launch.isBooked)
                    .description("Whether the logged-in user has booked this launch.")
            }
            Type(RocketUser.self, as: "User") {
                Field("id", at: \.id)
                Field("email", at: \.email)
                Field("profileImage", at: \.profileImage)
                Field("trips", at: RocketUser.trips)
                Field("token", at: \.token)
            }
            Type(LaunchConnection.self) {
                Field("cursor", at: \.cursor)
                Field("hasMore", at: \.hasMore)
                Field("launches", at: \.launches)
            }
            .description("A page of launches with the cursor to pass as `after` to get the next page.")
            Type(TripUpdateResponse.self) {
                Field("success", at: \.success)
                Field("message", at: \.message)
                Field("launches", at: \.launches)
            }
            Query {
                Field("launches", at: RocketReserverResolver.launches) {
                    Argument("pageSize", at: \.pageSize)
                    Argument("after", at: \.after)
                }
                .description("Launches, newest first. pageSize must be >= 1 (default 20); after is the cursor returned by the previous page.")
                Field("launch", at: RocketReserverResolver.launch) {
                    Argument("id", at: \.id)
                }
                Field("me", at: RocketReserverResolver.me)
                    .description("The logged-in user, from the Authorization header; null when not logged in.")
            }
            Mutation {
                Field("bookTrips", at: RocketReserverResolver.bookTrips) {
                    Argument("launchIds", at: \.launchIds)
                }
                Field("cancelTrip", at: RocketReserverResolver.cancelTrip) {
                    Argument("launchId", at: \.launchId)
                }
                Field("login", at: RocketReserverResolver.login) {
                    Argument("email", at: \.email)
                }
                Field("uploadProfileImage", at: RocketReserverResolver.uploadProfileImage) {
                    Argument("file", at: \.file)
                }
            }
            Subscription {
                SubscriptionField("tripsBooked", as: Int?.self, atSub: RocketReserverResolver.tripsBooked)
            }
        }
    }
}

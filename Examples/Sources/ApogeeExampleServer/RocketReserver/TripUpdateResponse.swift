/// The answer of `bookTrips` and `cancelTrip`: the launches whose booking changed.
struct TripUpdateResponse: Sendable {
    let success: Bool
    let message: String?
    let launches: [Launch?]?
}

/// One page of launches, newest first, with the cursor of its last launch.
struct LaunchConnection: Sendable {
    let cursor: String
    let hasMore: Bool
    let launches: [Launch?]
}

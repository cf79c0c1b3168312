import Foundation

/// The mutable state of one RocketReserver server: users, their sessions and bookings.
///
/// One instance per running server, so tests running in parallel never see each other's users.
actor RocketReserverStore {
    private struct Account {
        let id: GraphQLID
        let email: String
        var profileImage: String?
        /// Booked launch IDs in booking order, which is the order `trips` lists them in.
        var bookings: [GraphQLID] = []
    }

    let launches: [Launch]
    /// The fields told to fail, by `Type.field` (`RocketReserverStore+FieldFaults.swift`).
    var failingFields: Set<String> = []
    private let launchesByID: [GraphQLID: Launch]
    private var accountsByEmail: [String: Account] = [:]
    private var emailsByID: [GraphQLID: String] = [:]
    private let tokens: SessionTokens
    /// The `tripsBooked` subscription's events: how many launches each successful
    /// `bookTrips` booked, as the tutorial's server publishes.
    nonisolated let tripsBooked = Broadcaster<Int?>()

    init(launches: [Launch] = LaunchCatalog.launches, sessionSecret: [UInt8]) {
        self.launches = launches
        self.tokens = SessionTokens(secret: sessionSecret)
        self.launchesByID = Dictionary(launches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func launch(id: GraphQLID) -> Launch? {
        launchesByID[id]
    }

    /// Finds or creates the user of `email` and opens a new session for it.
    func login(email: String) -> RocketUser {
        let normalized = email.lowercased()
        return user(of: account(email: normalized), token: tokens.issue(email: normalized))
    }

    /// The user of a session token, or `nil` when this server did not sign it. A signed
    /// token whose user this server has not seen (it was started again since the login)
    /// makes the user again.
    func user(token: String) -> RocketUser? {
        guard let email = tokens.email(from: token) else { return nil }
        return user(of: account(email: email), token: token)
    }

    private func account(email: String) -> Account {
        if let account = accountsByEmail[email] { return account }
        let account = Account(id: GraphQLID(String(accountsByEmail.count + 1)), email: email)
        accountsByEmail[email] = account
        emailsByID[account.id] = email
        return account
    }

    func isBooked(launchID: GraphQLID, userID: GraphQLID) -> Bool {
        account(id: userID)?.bookings.contains(launchID) ?? false
    }

    func bookedLaunches(userID: GraphQLID) -> [Launch?] {
        (account(id: userID)?.bookings ?? []).map { launchesByID[$0] }
    }

    /// Books each known launch; returns the launches now booked and the IDs that are unknown.
    func book(launchIDs: [GraphQLID], userID: GraphQLID) -> (booked: [Launch], unknown: [GraphQLID]) {
        guard let email = emailsByID[userID], var account = accountsByEmail[email] else { return ([], launchIDs) }
        var booked: [Launch] = []
        var unknown: [GraphQLID] = []
        for id in launchIDs {
            guard let launch = launchesByID[id] else {
                unknown.append(id)
                continue
            }
            if !account.bookings.contains(id) {
                account.bookings.append(id)
            }
            booked.append(launch)
        }
        accountsByEmail[email] = account
        return (booked, unknown)
    }

    /// Cancels one booking; `false` when the launch was not booked by this user.
    func cancel(launchID: GraphQLID, userID: GraphQLID) -> Bool {
        guard let email = emailsByID[userID], var account = accountsByEmail[email],
            let index = account.bookings.firstIndex(of: launchID)
        else { return false }
        account.bookings.remove(at: index)
        accountsByEmail[email] = account
        return true
    }

    /// Records the profile image of a user and returns the updated user.
    func setProfileImage(_ name: String, userID: GraphQLID, token: String?) -> RocketUser? {
        guard let email = emailsByID[userID], var account = accountsByEmail[email] else { return nil }
        account.profileImage = name
        accountsByEmail[email] = account
        return user(of: account, token: token)
    }

    private func account(id: GraphQLID) -> Account? {
        emailsByID[id].flatMap { accountsByEmail[$0] }
    }

    private func user(of account: Account, token: String?) -> RocketUser {
        RocketUser(id: account.id, email: account.email, profileImage: account.profileImage, token: token)
    }
}

import Apogee
import ArgumentParser

/// `rocket-reserver login --email …`: logs in and keeps the token for the other steps.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "login", abstract: "Log in and keep the token.")

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "The email to log in with; the server creates the user on first use.")
    var email: String

    func run() async throws {
        let tokens = TokenFile.standard()
        let session = try RocketReserverSession(endpoint: endpoint.url(), tokens: tokens, storePath: store.store, deliveryWait: .seconds(store.deliveryWait))
        let token = try await session.login(email: email)
        try tokens.save(token)
        print("Token saved to \(tokens.url.path).")
        // After the login, so that queued bookings go with the new token.
        try await session.deliverQueued()
    }
}

/// `rocket-reserver launches`: one page of launches, or with `--all` every page, merged.
struct LaunchesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "launches", abstract: "List a page of launches, or all of them.")

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Option(help: "How many launches per page.") var pageSize: Int = 20
    @Option(help: "The cursor of the previous page.") var after: String?
    @Flag(help: "Load every page with a QueryPager, into one list in the store.") var all = false

    func validate() throws {
        if all, after != nil { throw ValidationError("--all starts at the first page; leave out --after.") }
    }

    func run() async throws {
        let session = try await RocketReserverSession.forStep(endpoint, store)
        if all {
            try await session.listAllLaunches(pageSize: pageSize)
        } else {
            try await session.listLaunches(pageSize: pageSize, after: after)
        }
    }
}

/// `rocket-reserver launch ID`: the details of one launch.
struct LaunchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "launch", abstract: "Show the details of a launch.")

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Argument(help: "The launch's ID.") var id: String

    func run() async throws {
        let session = try await RocketReserverSession.forStep(endpoint, store)
        try await session.showLaunch(id: id)
    }
}

/// `rocket-reserver book ID`: books a trip with the saved token.
struct BookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "book", abstract: "Book a trip on a launch (log in first).")

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Argument(help: "The launch's ID.") var id: String

    func run() async throws {
        let session = try await RocketReserverSession.forStep(endpoint, store)
        try await session.book(id: id)
    }
}

/// `rocket-reserver cancel ID`: cancels a booked trip with the saved token.
struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel a booked trip (log in first).")

    @OptionGroup var endpoint: EndpointOptions
    @OptionGroup var store: StoreOptions
    @Argument(help: "The launch's ID.") var id: String

    func run() async throws {
        let session = try await RocketReserverSession.forStep(endpoint, store)
        try await session.cancel(id: id)
    }
}

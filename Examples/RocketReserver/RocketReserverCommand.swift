import ArgumentParser

/// The RocketReserver example: the reference tutorial's story, told against an embedded
/// example server or any server of the same schema.
@main
struct RocketReserverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rocket-reserver",
        abstract: "Log in, list launches, book and cancel a trip: the RocketReserver tutorial with Apogee.",
        discussion: """
            With no subcommand, starts the example server in-process on a free loopback port and tells \
            the whole story. The step subcommands talk to --endpoint and keep the login token in a file \
            under your configuration directory.
            """,
        subcommands: [
            StoryCommand.self, LoginCommand.self, LaunchesCommand.self, LaunchCommand.self,
            BookCommand.self, CancelCommand.self, UploadProfileImageCommand.self, TripsBookedCommand.self,
        ],
        defaultSubcommand: StoryCommand.self
    )
}

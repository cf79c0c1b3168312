import ArgumentParser

/// The `todo` example: the Relay-style mutations guide's story, told against the example server.
@main
struct TodoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "Tell the mutations guide's story: toggles shown at once, a rejected toggle rolled back, add and remove."
    )

    func run() async throws {}
}

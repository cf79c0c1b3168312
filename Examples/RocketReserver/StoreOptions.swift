import ArgumentParser

/// Where a step subcommand keeps its cache and its queue of mutations, if anywhere.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Keep the cache and the queue of mutations in this SQLite file.",
            discussion: "A booking or cancellation made while the server cannot be reached stays queued in the file and is sent by the next command that reaches the server.",
            valueName: "path"
        )
    )
    var store: String?

    @Option(help: ArgumentHelp("How long a command waits for the server before it leaves its mutations queued.", valueName: "seconds"))
    var deliveryWait: Int = 3
}

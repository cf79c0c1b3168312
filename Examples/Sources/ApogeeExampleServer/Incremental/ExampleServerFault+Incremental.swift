extension ExampleServerFault {
    /// The next incremental (`multipart/mixed`) answer sends its first part whole, then half of
    /// the second part's bytes, then closes the connection: a stream cut off inside a part.
    ///
    /// Like every `incremental…` fault, it waits in the queue for the next request that gets an
    /// incremental answer (one with an active `@defer` or `@stream` that accepts
    /// `multipart/mixed`); other requests pass it by and are answered normally.
    public static var incrementalCutInPart: ExampleServerFault {
        .init(action: .incremental(.cutInPart), description: "incremental answer cut inside its second part")
    }

    /// The next incremental answer's second part follows the delimiter line `--x` instead of
    /// `---`; the rest of the answer is normal.
    public static var incrementalBadBoundary: ExampleServerFault {
        .init(action: .incremental(.badBoundary), description: "incremental answer with a wrong delimiter before its second part")
    }

    /// The first later payload of the next incremental answer has an `incremental` entry whose
    /// id (`"99"`) no `pending` announced. Only the current format (`incrementalSpec=v0.2`)
    /// has ids; an answer in the old format is sent normally.
    public static var incrementalUnknownID: ExampleServerFault {
        .init(action: .incremental(.unknownID), description: "incremental answer with an unannounced id")
    }

    /// Every payload of the next incremental answer says `hasNext: true`, and the body ends
    /// with the close delimiter after the last one anyway: a stream that ends without saying so.
    public static var incrementalNeverEnds: ExampleServerFault {
        .init(action: .incremental(.neverEnds), description: "incremental answer that never says hasNext: false")
    }

    /// The next incremental answer's body ends after its last part (`hasNext: false`) without
    /// the close delimiter `-----`; the HTTP response itself ends normally.
    public static var incrementalNoClose: ExampleServerFault {
        .init(action: .incremental(.noClose), description: "incremental answer without its close delimiter")
    }
}

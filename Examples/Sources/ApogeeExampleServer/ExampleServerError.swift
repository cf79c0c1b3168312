/// Why an example server could not start.
public enum ExampleServerError: Error, Sendable {
    /// The listening socket has no port (it is not an IP socket).
    case noBoundPort
    /// The server stopped before it accepted connections.
    case stoppedBeforeRunning
    /// The host does not make a valid URL.
    case invalidHost(String)
}

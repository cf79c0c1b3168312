/// The context key of a request's error behaviour.
enum OnErrorContextKey: RequestContextKey {
    /// None: the client's ``ApogeeClient/Configuration/onError``.
    static let defaultValue: ErrorBehavior? = nil
}

extension RequestContext {
    /// Sent as the request's `onError`, overriding ``ApogeeClient/Configuration/onError``
    /// for this request: what the server does with a field error (``ErrorBehavior``).
    public var onError: ErrorBehavior? {
        get { self[OnErrorContextKey.self] }
        set { self[OnErrorContextKey.self] = newValue }
    }
}

import HTTPTypes

/// The context key of a request's idempotency key.
enum IdempotencyKeyContextKey: RequestContextKey {
    /// No key: the request carries no `Idempotency-Key` header.
    static let defaultValue: String? = nil
}

extension RequestContext {
    /// Sent as the `Idempotency-Key` header, so that a server which remembers keys applies a
    /// mutation once however many times it is sent: by a retry, or by a durable queue after
    /// the process died before it saw the answer. Send the same key with every attempt.
    public var idempotencyKey: String? {
        get { self[IdempotencyKeyContextKey.self] }
        set { self[IdempotencyKeyContextKey.self] = newValue }
    }
}

extension HTTPField.Name {
    /// `Idempotency-Key`, from the IETF draft of that name.
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}

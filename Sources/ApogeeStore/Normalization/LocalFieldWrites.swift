import ApogeeAPI

/// What a write does with local fields, the fields a client schema extension adds
/// (``Selection/Field/isLocal``).
enum LocalFieldWrites: Sendable, Equatable {
    /// Stored, like any field: the app's own writes (transactions, updaters, typed writes).
    case written
    /// Left as the store has them: a server result never carries them (and an optimistic
    /// response is a guess at one), so it must not erase what the app wrote.
    case kept
    /// Left as the store has them, each noted by its place in the response, so that the
    /// client can show the store's values in the server's result.
    case keptAndNoted
}

/// A local field a server result left unwritten: which record holds it, to be read once the
/// result is written.
struct LocalFieldRead: Sendable {
    var key: CacheKey
    var field: Selection.Field
    /// The operation's variables, which the field's storage key and selections may use.
    var variables: JSONObject
}

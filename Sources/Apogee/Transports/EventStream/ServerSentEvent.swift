/// One event of a `text/event-stream` body.
struct ServerSentEvent: Sendable, Equatable {
    /// The `event` field; `message` when the event has none.
    var name: String
    /// The `data` fields, joined by line feeds.
    var data: String
    /// The `id` field, if any.
    var id: String?
}

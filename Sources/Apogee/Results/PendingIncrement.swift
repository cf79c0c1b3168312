import ApogeeAPI

/// A deferred fragment or a streamed list the server announced and has not completed yet, in
/// a result of incremental delivery (`@defer`, `@stream`).
///
/// The current format announces each one (``IncrementalDeliveryFormat/incrementalSpecV0_2``);
/// the 2022 format does not, so its results list none and only ``GraphQLResult/hasNext`` says
/// that more will come.
public struct PendingIncrement: Sendable, Hashable, CustomStringConvertible {
    /// The server's id for it, unique within the response.
    public var id: String
    /// Where its data goes: the object a deferred fragment applies to, or the streamed list.
    public var path: ResponsePath
    /// The `label` argument of its `@defer` or `@stream`, when the operation gave one.
    public var label: String?

    /// Creates a pending increment.
    public init(id: String, path: ResponsePath, label: String? = nil) {
        self.id = id
        self.path = path
        self.label = label
    }

    /// The label, or the id, and the path: `Mission at launch`.
    public var description: String {
        "\(label ?? "#\(id)") at \(path.components.isEmpty ? "the root" : path.description)"
    }
}

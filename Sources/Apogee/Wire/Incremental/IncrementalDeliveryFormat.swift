/// A wire format of incremental delivery: how a server sends the payloads of an operation with
/// `@defer` or `@stream` in the parts of a `multipart/mixed` response.
///
/// A request for such an operation offers the formats of
/// ``HTTPNetworkTransport/incrementalDeliveryFormats`` in its `Accept` field, and the client reads
/// whichever one the server answers in: the response's `Content-Type` names it, and the payloads
/// show it (ids and `pending` in the current format, paths in the 2022 one).
public struct IncrementalDeliveryFormat: Sendable, Hashable, CustomStringConvertible {
    /// The media range that offers the format in an `Accept` field.
    public let mediaRange: String
    /// The `multipart/mixed` parameter that names the format, lowercased (`incrementalspec`).
    let parameterName: String
    /// The parameter's value, lowercased.
    let parameterValue: String

    private init(parameterName: String, value: String) {
        self.parameterName = parameterName.lowercased()
        self.parameterValue = value.lowercased()
        self.mediaRange = "multipart/mixed;\(parameterName)=\(value)"
    }

    /// The format the GraphQL working group's draft describes (`incrementalSpec=v0.2`):
    /// the first payload announces each deferred fragment and stream as `pending` with an id,
    /// later ones carry `incremental` data and items for those ids and say which are
    /// `completed`. Apollo Server 5.1 and graphql-js 17 answer in it.
    public static let incrementalSpecV0_2 = IncrementalDeliveryFormat(parameterName: "incrementalSpec", value: "v0.2")

    /// The earlier format (`deferSpec=20220824`): each later payload's `incremental` entries
    /// carry their own `path` and `label`. Apollo Router and Apollo iOS speak it.
    public static let deferSpec20220824 = IncrementalDeliveryFormat(parameterName: "deferSpec", value: "20220824")

    /// The formats the client offers unless configured otherwise, the current one first.
    public static let all: [IncrementalDeliveryFormat] = [.incrementalSpecV0_2, .deferSpec20220824]

    /// The media range, as the `Accept` field offers it.
    public var description: String { mediaRange }
}

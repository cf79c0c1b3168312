import ApogeeExampleServer
import Foundation
import Logging
import WSClient

/// The baseline: graphql-transport-ws spoken by hand over swift-websocket's client, reading
/// the same events as text frames and counting them, with no parsing, no types, no store.
enum RawSubscriber {
    static func read(url: URL, events: Int, counter: String) async throws -> Int {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = "ws"
        let address = components?.url?.absoluteString ?? ""
        let received = Counter()
        let subscribe = #"{"type":"subscribe","id":"1","payload":{"query":"subscription CounterTicks($id: ID!, $count: Int!) { counterTicks(id: $id, count: $count) { __typename id value } }","variables":{"id":"\#(counter)","count":\#(events)}}}"#
        try await WebSocketClient.connect(
            url: address,
            configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: [.secWebSocketProtocol: "graphql-transport-ws"]),
            logger: Logger(label: "raw")
        ) { inbound, outbound, _ in
            try await outbound.write(.text(#"{"type":"connection_init"}"#))
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else { continue }
                if text.contains(#""type":"connection_ack""#) {
                    try await outbound.write(.text(subscribe))
                } else if text.contains(#""type":"next""#) {
                    received.value += 1
                } else if text.contains(#""type":"complete""#) {
                    try await outbound.close(.normalClosure, reason: nil)
                }
            }
        }
        return received.value
    }
}

/// A count the handler closure updates; only that closure touches it, one frame at a time.
private final class Counter: @unchecked Sendable {
    var value = 0
}

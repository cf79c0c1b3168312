@testable import Apogee
import FuzzSupport

/// An event-stream body, any bytes, split anywhere: the events are the same however the bytes
/// arrive, one piece or many, and nothing crashes.
public func fuzzServerSentEvents(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    // The first bytes choose the split points; the whole input is the body.
    let body = Array(input.all)
    var whole = ServerSentEventParser()
    let expected: [ServerSentEvent]
    do {
        expected = try whole.consume(body)
    } catch {
        return 0
    }
    var pieced = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for piece in chunks(of: body, splitBy: &input) {
        do {
            events += try pieced.consume(piece)
        } catch {
            fatalError("a body read whole failed when read in pieces: \(error)")
        }
    }
    require(events == expected, "pieces gave \(events), the whole body \(expected)")
    return 0
}

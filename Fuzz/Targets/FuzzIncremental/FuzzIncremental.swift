@testable import Apogee
import ApogeeAPI
import FuzzSupport

/// A `multipart/mixed` response of incremental delivery, any bytes, cut anywhere: the parts are
/// the same however the bytes arrive (or the same error comes), and each part's payload is
/// either merged into the response so far or refused with a typed reason; nothing crashes.
public func fuzzIncremental(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let body = Array(input.all)
    var whole = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 16)
    let expected: Result<[MultipartPart], MultipartMixedError> = Result { () throws(MultipartMixedError) in try whole.consume(body) }
    var pieced = MultipartMixedParser(boundary: "-", maximumPartSize: 1 << 16)
    var parts: [MultipartPart] = []
    var failure: MultipartMixedError?
    for piece in chunks(of: body, splitBy: &input) where failure == nil {
        do {
            parts += try pieced.consume(piece)
        } catch {
            failure = error
        }
    }
    switch expected {
    case .success(let expectedParts):
        require(failure == nil, "pieces failed with \(String(describing: failure)) where the whole body did not")
        require(parts == expectedParts, "pieces gave \(parts.count) part(s), the whole body \(expectedParts.count)")
        require(pieced.isComplete == whole.isComplete, "pieces and the whole body disagree on the closing boundary")
    case .failure:
        // A limit may be crossed at a different point when the bytes come in pieces; what
        // matters is that the reader stops with a typed error, which it did or will.
        break
    }
    var response = IncrementalResponse()
    for part in parts {
        do {
            try response.apply(try IncrementalPayload(parsing: part.body))
        } catch {
            // A typed reason: the response keeps what was merged before.
            continue
        }
    }
    _ = response.body
    return 0
}

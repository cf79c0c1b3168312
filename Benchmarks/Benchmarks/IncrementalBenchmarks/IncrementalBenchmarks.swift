import Apogee
import Benchmark
import Foundation

/// Issue 42's bars. The `multipart/mixed` reader against reading the same bytes raw, on a 50 MB
/// body of small parts; and a query with one deferred fragment answered in two parts against
/// the same data in one response (`DeferredQueryBenchmarks.swift`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(20),
        maxIterations: 50
    )

    let stream = MultipartStream(totalBytes: 50 << 20, partSize: 1_024, pieceSize: 64 << 10)

    Benchmark("Multipart reader, 50 MB of 1 KB parts: the bytes read raw (baseline)") { benchmark in
        for _ in benchmark.scaledIterations {
            // What any streaming reader does at least: take each piece into a buffer of its own.
            var buffer: [UInt8] = []
            buffer.reserveCapacity(stream.pieceSize * 2)
            var bytes = 0
            for piece in stream.pieces {
                buffer.append(contentsOf: piece)
                bytes += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
            blackHole(bytes)
        }
    }

    Benchmark("Multipart reader, 50 MB of 1 KB parts: MultipartMixedParser") { benchmark in
        for _ in benchmark.scaledIterations {
            var parser = MultipartMixedParser(boundary: MultipartStream.boundary, maximumPartSize: 1 << 20)
            var parts = 0
            var bytes = 0
            for piece in stream.pieces {
                for part in try parser.consume(piece) {
                    parts += 1
                    bytes += part.body.count
                }
            }
            try parser.finish()
            guard parts == stream.partCount else { return benchmark.error("read \(parts) parts of \(stream.partCount)") }
            blackHole(bytes)
        }
    }

    deferredQueryBenchmarks()
}

/// A `multipart/mixed` body of JSON parts, cut into pieces as a socket would deliver it.
struct MultipartStream: Sendable {
    static let boundary = "-"

    let pieces: [Data]
    let pieceSize: Int
    let partCount: Int

    init(totalBytes: Int, partSize: Int, pieceSize: Int) {
        let head = "\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n"
        let filler = String(repeating: "x", count: max(partSize - head.utf8.count - 40, 0))
        var body: [UInt8] = []
        body.reserveCapacity(totalBytes + partSize)
        var count = 0
        while body.count < totalBytes {
            body += Array(head.utf8)
            body += Array(#"{"incremental":[{"id":"\#(count)","data":"\#(filler)"}]}"#.utf8)
            count += 1
        }
        body += Array("\r\n-----\r\n".utf8)
        var pieces: [Data] = []
        var start = 0
        while start < body.count {
            let end = min(start + pieceSize, body.count)
            pieces.append(Data(body[start..<end]))
            start = end
        }
        self.pieces = pieces
        self.pieceSize = pieceSize
        self.partCount = count
    }
}

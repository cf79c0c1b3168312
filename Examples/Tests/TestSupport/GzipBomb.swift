/// A gzip body that inflates to `inflatedSize` zero bytes from about a thousandth of that: what a
/// hostile server sends to exhaust a client's memory.
///
/// Written by hand, since no compressor is at hand without a system package: one deflate block
/// with its own Huffman codes (RFC 1951 §3.2.7), in which a match of 258 bytes at distance 1
/// costs two bits. The codes: literal/length 285 is `0`, literal 0 is `10`, end of block is
/// `11`; the only distance code is `0`. The trailer's checksum is left zero: a client that reads
/// that far has inflated everything already.
package enum GzipBomb {
    package static func bytes(inflatedSize: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(2, count: 2)  // with dynamic Huffman codes
        bits.write(286 - 257, count: 5)  // literal/length codes up to 285
        bits.write(0, count: 5)  // one distance code
        bits.write(18 - 4, count: 4)  // code length codes, in the order below, up to the one for 1
        // Lengths of the code length codes 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1:
        // 18 (a run of zeros) gets 1 bit, the lengths 1 and 2 get 2 bits each.
        for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] {
            bits.write(UInt64(length), count: 3)
        }
        // Their codes: 18 is `0`, 1 is `10`, 2 is `11`.
        let zeros = { (run: Int) in
            bits.writeCode(0b0, length: 1)
            bits.write(UInt64(run - 11), count: 7)
        }
        bits.writeCode(0b11, length: 2)  // literal 0: length 2
        zeros(138)
        zeros(117)  // literals 1…255: unused
        bits.writeCode(0b11, length: 2)  // end of block: length 2
        zeros(28)  // lengths 257…284: unused
        bits.writeCode(0b10, length: 2)  // length 258 (code 285): length 1
        bits.writeCode(0b10, length: 2)  // distance 1 (code 0): length 1
        // The data: one zero byte, then matches that copy it 258 bytes at a time, each two
        // zero bits, then the end of the block, `11`.
        bits.writeCode(0b10, length: 2)
        let (header, headerBits) = bits.finish()
        let matches = max(inflatedSize - 1, 0) / 258
        let endOfBlock = headerBits + 2 * matches
        var deflated = [UInt8](repeating: 0, count: (endOfBlock + 2 + 7) / 8)
        deflated.replaceSubrange(0..<header.count, with: header)
        for bit in endOfBlock...(endOfBlock + 1) {
            deflated[bit / 8] |= 1 << UInt8(bit % 8)
        }
        // The gzip header, and a CRC-32 and size left zero.
        return [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] + deflated + [UInt8](repeating: 0, count: 8)
    }

    /// Bits in deflate's order: values from their lowest bit, Huffman codes from their highest.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func write(_ value: UInt64, count: Int) {
            pending |= value << UInt64(pendingCount)
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        mutating func writeCode(_ code: UInt64, length: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<length where code & (1 << UInt64(length - 1 - bit)) != 0 {
                reversed |= 1 << UInt64(bit)
            }
            write(reversed, count: length)
        }

        /// The bytes written, the last one padded with zero bits, and how many bits count.
        func finish() -> ([UInt8], Int) {
            let count = bytes.count * 8 + pendingCount
            return (pendingCount > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes, count)
        }
    }
}

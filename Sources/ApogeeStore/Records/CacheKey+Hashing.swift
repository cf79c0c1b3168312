extension CacheKey {
    /// The hash of a key's text, made once when the key is made: its UTF-8 bytes, eight at a
    /// time, each word folded in by a full-width multiply, from a seed drawn once per process.
    ///
    /// Not `String`'s hash: that one runs SipHash over the text (and checks it for Unicode
    /// normalization), a few dozen nanoseconds for the hundred bytes of a path key, and the
    /// normalizer makes a key for nearly every object of a response. The seed keeps the hashes
    /// of one process from being known to a server that chooses ids, as `String`'s does.
    ///
    /// Keys are equal when their bytes are (``==(_:_:)`` compares this hash first), so two
    /// texts that Unicode calls equal but that are spelled with different bytes are two keys.
    static func textHash(of text: String) -> Int {
        var text = text
        return text.withUTF8 { textHash(of: $0) }
    }

    /// The hash of a key's text as UTF-8 bytes, as the key made from the text hashes it.
    static func textHash(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var state = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: fold(state, 0xA076_1D64_78BD_642F)) }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            state = fold(state ^ word, 0xA076_1D64_78BD_642F)
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        state = fold(state ^ tail, 0xE703_7ED1_A0B4_28DB)
        return Int(truncatingIfNeeded: fold(state, 0x8EBC_6AF0_9C88_C6E3))
    }

    /// Multiplies two words into 128 bits and folds the halves together: every bit of either
    /// moves many bits of the result, the low ones included, which tables bucket by.
    @inline(__always)
    private static func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// Drawn once per process from the system's random source.
    private static let seed = UInt64.random(in: .min ... .max) | 1
}

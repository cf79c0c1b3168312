extension CacheKey {
    /// `first`, the separator, `second`, then `.` and the digits of each of `indices`, written
    /// into one new string.
    ///
    /// Each part is copied once: joining with `+` makes an intermediate string at every step,
    /// and the normalizer makes a key like this for nearly every object of a response, as
    /// `Typename:id` or as a path (`QUERY_ROOT.repository.issues.3`).
    init(joining first: String, _ separator: UInt8, _ second: String, indices: ArraySlice<Int> = []) {
        var first = first
        var second = second
        // An index takes at most 20 digits, and its dot one byte more.
        let capacity = first.utf8.count + 1 + second.utf8.count + indices.count * 21
        var hash = 0
        let text = first.withUTF8 { firstBytes in
            second.withUTF8 { secondBytes in
                String(unsafeUninitializedCapacity: capacity) { buffer in
                    var end = buffer.initialize(fromContentsOf: firstBytes)
                    buffer[end] = separator
                    end += 1
                    end += UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: secondBytes)
                    for index in indices {
                        buffer[end] = UInt8(ascii: ".")
                        end += 1
                        end += Self.writeDigits(of: index, into: buffer, at: end)
                    }
                    // Hashed here, where the bytes are: the key's text is made of them as written.
                    hash = Self.hash(of: UnsafeBufferPointer(rebasing: buffer[..<end]))
                    return end
                }
            }
        }
        self.init(text, hash: hash)
    }

    /// Writes the decimal digits of a list index at `position`; returns how many it wrote.
    private static func writeDigits(of index: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        var value = index.magnitude
        var count = 1
        var probe = value / 10
        while probe > 0 {
            count += 1
            probe /= 10
        }
        for offset in stride(from: count - 1, through: 0, by: -1) {
            buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        return count
    }
}

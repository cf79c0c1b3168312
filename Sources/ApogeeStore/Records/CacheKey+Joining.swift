import ApogeeAPI

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
        // An index takes at most a sign and 20 digits, and its dot one byte more.
        let capacity = first.utf8.count + 1 + second.utf8.count + indices.count * (JSONWriter.maximumDigits + 1)
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
                        // `capacity` has room for the longest integer after each dot.
                        if let base = buffer.baseAddress { end += JSONWriter.writeDigits(of: index, to: base + end) }
                    }
                    // Hashed here, where the bytes are: the key's text is made of them as written.
                    hash = Self.textHash(of: UnsafeBufferPointer(rebasing: buffer[..<end]))
                    return end
                }
            }
        }
        self.init(text, hash: hash)
    }
}

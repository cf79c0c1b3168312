import Crypto

extension SHA256Digest {
    /// The digest as 64 lowercase hexadecimal digits, as persisted-query hashes and the uploads
    /// schema's `sha256` field spell it.
    var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(Self.byteCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

@testable import ApogeeStore
import Testing

/// Record keys bucket by the hash made once from their text (`_rawHashValue(seed:)`), not by
/// hashing it again: equal keys must still land together in every table, however it was
/// made, and different keys must still spread.
@Suite("Cache key hashing")
struct CacheKeyHashingTests {
    @Test("a key made by joining and the same key from its text are one key in sets and dictionaries")
    func joinedAndLiteralKeysMatch() {
        let joined = CacheKey(typename: "Launch", id: "25")
        let literal: CacheKey = "Launch:25"
        #expect(joined == literal)
        for seed in [0, 1, -1, 42, Int.max, Int.min] {
            #expect(joined._rawHashValue(seed: seed) == literal._rawHashValue(seed: seed))
        }
        #expect(Set([joined, literal]).count == 1)
        #expect([joined: 1][literal] == 1)
    }

    @Test("ten thousand keys grown one by one into a dictionary are each found, and a copy of every size finds them too")
    func manyKeysFound() {
        let keys = (0..<10_000).map { CacheKey(typename: "Launch", id: String($0)) }
        var table: [CacheKey: Int] = [:]
        for (index, key) in keys.enumerated() {
            table[key] = index
        }
        #expect(table.count == keys.count)
        for (index, key) in keys.enumerated() where table[CacheKey("Launch:\(index)")] != index {
            Issue.record("\(key) not found")
        }
        // A table copied from another walks it in bucket order: with a seed of its own it
        // must not pile the keys into a few buckets, which would make this copy quadratic.
        let halves = Dictionary(uniqueKeysWithValues: table.filter { $0.value.isMultiple(of: 2) }.map { ($0.key, $0.value) })
        #expect(halves.count == 5_000)
        #expect(halves[CacheKey("Launch:4242")] == 4_242)
        #expect(halves[CacheKey("Launch:4243")] == nil)
    }

    @Test("different keys rarely share a hash, and a table's seed changes where a key goes")
    func hashesSpread() {
        let keys = (0..<4_096).map { CacheKey("QUERY_ROOT.launches.\($0)") }
        let buckets = Set(keys.map { $0._rawHashValue(seed: 7) & 4_095 })
        // 4,096 random values in 4,096 buckets fill about 63 % of them.
        #expect(buckets.count > 2_300)
        let moved = keys.filter { $0._rawHashValue(seed: 7) & 4_095 != $0._rawHashValue(seed: 8) & 4_095 }
        #expect(moved.count > 3_500)
    }

    @Test("a path key joined with its list indices hashes as its text does, and keys one byte apart anywhere hash apart")
    func pathKeysAndOneByteApart() {
        let joined = CacheKey(joining: "QUERY_ROOT.repository", UInt8(ascii: "."), "issues", indices: [22, 0, 1_000_000])
        let text = CacheKey("QUERY_ROOT.repository.issues.22.0.1000000")
        #expect(joined == text)
        #expect(joined.storedHash == text.storedHash)
        // Every length from 0 to 40 bytes, a byte changed at every place: the words of eight
        // and the tail after them all count.
        for length in 0...40 {
            let base = String(repeating: "k", count: length)
            let key = CacheKey(base)
            #expect(CacheKey(String(base)).storedHash == key.storedHash)
            #expect(CacheKey(base + "k").storedHash != key.storedHash, "a key and the same key one byte longer")
            for place in 0..<length {
                var bytes = Array(base.utf8)
                bytes[place] = UInt8(ascii: "j")
                #expect(CacheKey(String(decoding: bytes, as: UTF8.self)).storedHash != key.storedHash)
            }
        }
        // The store's filter of changed records takes the hash's low twelve bits.
        let lowBits = Set((0..<1_000).map { CacheKey(typename: "Launch", id: String($0)).storedHash & 4_095 })
        #expect(lowBits.count > 700)
    }
}

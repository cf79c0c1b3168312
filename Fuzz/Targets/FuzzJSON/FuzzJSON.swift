import ApogeeAPI
import FuzzSupport

/// The JSON parser on any bytes: it parses or throws ``JSONParsingError``, never crashes, and
/// whatever it parses writes out and parses back equal, the second writing byte for byte the
/// first. A value JSON can carry must never change on the way (a number beyond `Double`'s
/// range once came back as `null`). `JSONDocument`, which indexes the bytes instead of building
/// a tree, accepts exactly what the tree parser accepts and reads the same values.
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let document = try? JSONDocument(parsing: input.all)
    let value: JSONValue
    do {
        value = try JSONValue(parsing: input.all)
    } catch {
        require(document == nil, "JSONDocument accepted what JSONValue refuses: \(error)")
        return 0
    }
    guard let document else { fatalError("JSONDocument refused what JSONValue reads as \(value)") }
    require(document.root.jsonValue == value, "JSONDocument read \(document.root.jsonValue) where JSONValue read \(value)")
    let written = value.serialized()
    let reread: JSONValue
    do {
        reread = try JSONValue(parsing: written)
    } catch {
        fatalError("what the parser read does not parse back when written: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    require(reread == value, "a value changed on the way through: \(value) came back as \(reread)")
    require(reread.serialized() == written, "writing the same value twice gave different bytes")
    return 0
}

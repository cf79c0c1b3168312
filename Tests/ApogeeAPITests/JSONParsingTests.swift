import ApogeeAPI
import Testing

@Suite("JSON parsing and serialization")
struct JSONParsingTests {
    @Test func parsesEveryKind() throws {
        let value = try JSONValue(parsing: #"{"a":[1,-2,3.5,1e3,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude80","c":{}}"#)
        #expect(value == [
            "a": [1, -2, 3.5, 1000.0, true, false, nil],
            "b": "x\"\\\né🚀",
            "c": [:],
        ])
    }

    @Test func keepsIntegersApartFromDoubles() throws {
        #expect(try JSONValue(parsing: "1") == .int(1))
        #expect(try JSONValue(parsing: "1.0") == .double(1))
        #expect(try JSONValue(parsing: "99999999999999999999") == .double(1e20))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01", "1.", "-", "{} x", "\"\u{01}\"", "\"\\ud800\""])
    func rejectsMalformedInput(_ text: String) {
        #expect(throws: JSONParsingError.self) { try JSONValue(parsing: text) }
    }

    @Test func rejectsDeepNestingWithoutCrashing() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParsingError.self) { try JSONValue(parsing: text) }
    }

    @Test func serializationRoundTrips() throws {
        let value: JSONValue = ["z": 1, "a": ["s": "q\"\n\u{1}", "d": 2.5, "w": 3.0], "n": nil, "t": true]
        let text = value.serializedString
        #expect(text == #"{"a":{"d":2.5,"s":"q\"\n\u0001","w":3.0},"n":null,"t":true,"z":1}"#)
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test func parsesFromBytes() throws {
        let bytes: [UInt8] = Array(#"{"k":[1]}"#.utf8)
        #expect(try JSONValue(parsing: bytes) == ["k": [1]])
    }
}

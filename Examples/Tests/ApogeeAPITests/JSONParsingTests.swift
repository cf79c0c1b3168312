@testable import ApogeeAPI
import Testing

/// JSON texts both parsers are held to.
enum JSONTexts {
    /// Texts neither parser may accept.
    static let malformed = [
        "", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01", "1.", "-", "{} x", "\"\u{01}\"", "\"\\ud800\"",
        "\"a\\qb\"", "\"\\", "\"ab\\\"", "{\"a\":1,}", "[1 2]", "{1:2}", "\"\\ud800\\u0041\"", "nul", "\"\\u12\"",
    ]
    /// Numbers beyond `Double`'s range, which both refuse rather than read as infinity.
    static let outOfRange = ["1E400", "-1e309", "[0, 2e308]"]
}

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

    @Test(arguments: JSONTexts.malformed)
    func rejectsMalformedInput(_ text: String) {
        #expect(throws: JSONParsingError.self) { try JSONValue(parsing: text) }
    }

    @Test("A number beyond Double's range is refused, not read as infinity and written back as null", arguments: JSONTexts.outOfRange)
    func rejectsNumbersBeyondDoubleRange(_ text: String) throws {
        let error = try #require(throws: JSONParsingError.self) { try JSONValue(parsing: text) }
        #expect(error.message.contains("beyond the range"), "\(error)")
    }

    @Test("Tiny and huge numbers within range round-trip", arguments: ["1e-400", "1.7976931348623157e308", "-0.0", "123456789012345678901234"])
    func extremeNumbersRoundTrip(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: value.serialized()) == value)
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

    @Test("Strings escape at their edges, in runs and between multi-byte characters", arguments: [
        ("\"", #""\"""#),
        ("\\\\", #""\\\\""#),
        ("\tplain\r", #""\tplain\r""#),
        ("é\u{1F}🚀\n", #""é\u001f🚀\n""#),
        ("query { a }", #""query { a }""#),
        ("", #""""#),
    ])
    func stringEscaping(string: String, expected: String) throws {
        let text = JSONValue.string(string).serializedString
        #expect(text == expected)
        #expect(try JSONValue(parsing: text) == .string(string))
    }

    @Test func parsesFromBytes() throws {
        let bytes: [UInt8] = Array(#"{"k":[1]}"#.utf8)
        #expect(try JSONValue(parsing: bytes) == ["k": [1]])
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func matchesKnownDigests(text: String, hex: String) {
        #expect(SHA256.hexDigest(of: text) == hex)
    }

    @Test func operationIdentifierIsTheDocumentHash() {
        #expect(BookTripMutation.operationIdentifier == SHA256.hexDigest(of: BookTripMutation.document))
    }
}

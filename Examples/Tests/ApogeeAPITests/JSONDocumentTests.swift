@testable import ApogeeAPI
import TestSupport
import Testing

@Suite("JSONDocument: JSON indexed once and read without a tree")
struct JSONDocumentTests {
    static let valid = [
        #"{"a":[1,-2,3.5,1e3,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude80","c":{}}"#,
        "[]", "{}", "0", "-0", "-0.0", "1e-400", "1.7976931348623157e308", "123456789012345678901234",
        #"" \t spaced \r ""#, #"{"same":1,"same":2}"#, #"[[[[{"deep":[{}]}]]]]"#,
        #"{"é🚀":"ключ","k":"\u00e9\u0000"}"#,
        " \n {\"a\" : [ 1 , 2 ] } \t",
    ]

    @Test("Reads the same values as JSONValue's parser", arguments: valid)
    func readsWhatTheTreeReads(_ text: String) throws {
        #expect(try JSONDocument(parsing: text).root.jsonValue == JSONValue(parsing: text))
    }

    @Test("Refuses what JSONValue's parser refuses", arguments: JSONTexts.malformed + JSONTexts.outOfRange)
    func refusesMalformedInput(_ text: String) {
        #expect(throws: JSONParsingError.self) { try JSONDocument(parsing: text) }
        #expect(throws: JSONParsingError.self) { try JSONValue(parsing: text) }
    }

    @Test func refusesDeepNestingWithoutCrashing() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParsingError.self) { try JSONDocument(parsing: text) }
    }

    /// Strings are scanned eight bytes at a time: whatever ends a run (a quote, an escape, a
    /// control character) must be seen at every offset within a word, after multi-byte
    /// characters too.
    @Test("Escapes, quotes and control characters are found at every offset", arguments: 0..<24)
    func stringScanningFindsEveryOffset(_ offset: Int) throws {
        for prefix in [String(repeating: "a", count: offset), String(repeating: "é", count: offset / 2) + String(repeating: "a", count: offset % 2)] {
            let escaped = "\"\(prefix)\\\"\\n\\u00e9tail\""
            let expected = JSONValue.string(prefix + "\"\né" + "tail")
            #expect(try JSONDocument(parsing: escaped).root.jsonValue == expected)
            #expect(try JSONValue(parsing: escaped) == expected)
            // Escapes one after another, runs between them of every length, a surrogate pair
            // and an escape at the very end: the text is copied a word at a time around them.
            let many = "\"\(prefix)\\r\\n\(prefix)\\\\x\\ud83d\\ude80\(prefix)\\/\\t\""
            let unescaped = JSONValue.string(prefix + "\r\n" + prefix + "\\x🚀" + prefix + "/\t")
            #expect(try JSONDocument(parsing: many).root.jsonValue == unescaped)
            #expect(try JSONValue(parsing: many) == unescaped)
            let unquoted = "[\"\(prefix)\"]"
            #expect(try JSONDocument(parsing: unquoted).root.jsonValue == [.string(prefix)])
            let control = "\"\(prefix)\u{01}tail\""
            #expect(throws: JSONParsingError.self) { try JSONDocument(parsing: control) }
            #expect(throws: JSONParsingError.self) { try JSONValue(parsing: control) }
        }
    }

    @Test func findsMembersByName() throws {
        let root = try JSONDocument(parsing: #"{"a":1,"b\u0063":"x","a":2,"long name":[true]}"#).root
        #expect(root.member("a")?.intValue == 2, "the last of a repeated name wins, as in a JSONValue")
        #expect(root.member("bc")?.stringValue == "x", "a name written with escapes matches its text")
        #expect(root.member("long name")?.elements?.first?.boolValue == true)
        #expect(root.member("b") == nil)
        #expect(root.member("a")?.member("a") == nil, "a number has no members")
        #expect(root.members?.map(\.name) == ["a", "bc", "a", "long name"])
        #expect(root.kindDescription == "an object")
    }

    @Test func countsTheObjectsInEachContainer() throws {
        let root = try JSONDocument(parsing: #"{"a":[{},{"b":{}}],"c":1,"d":{"e":[]}}"#).root
        #expect(root.objectCount == 5)
        #expect(root.member("a")?.objectCount == 3)
        #expect(root.member("d")?.objectCount == 1)
        #expect(root.member("d")?.member("e")?.objectCount == 0)
        #expect(root.member("c")?.objectCount == 0)
    }

    @Test func readsNumbersAsTheTreeDoes() throws {
        let root = try JSONDocument(parsing: "[7, 2.5, 99999999999999999999, -3]").root
        let numbers = try #require(root.elements)
        #expect(numbers.map(\.intValue) == [7, nil, nil, -3])
        #expect(numbers.map(\.doubleValue) == [7, 2.5, 1e20, -3])
        #expect(numbers[2].jsonValue == .double(1e20))
    }
}

@Suite("Generated types read from a JSONDocument")
struct DocumentDecodingTests {
    let response: JSONValue = DecodingTests().response

    @Test func decodesWhatTheTreeDecodes() throws {
        let document = try JSONDocument(parsing: response.serialized())
        let data = try BookTripMutation.Data(parsed: document.root)
        #expect(data == (try BookTripMutation.Data(responseValue: response)))
        #expect(data.bookTrips.launches?.first??.fragments.launchTile.mission?.name == "Starlink")
    }

    /// A server may send fields in any order; the fast path that expects the selection's
    /// order must not be the only one that works.
    @Test("Fields in any order decode the same", arguments: 0..<8)
    func fieldOrderDoesNotMatter(_ seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let shuffled = response.text(shufflingKeysWith: &generator)
        let data = try BookTripMutation.Data(parsed: try JSONDocument(parsing: shuffled).root)
        #expect(data == (try BookTripMutation.Data(responseValue: response)))
        #expect(try JSONValue(parsing: shuffled) == response)
    }

    @Test func reportsAWrongTypeWithItsPath() throws {
        let text = #"{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"message":null,"launches":[{"__typename":"Launch","id":25,"site":null,"isBooked":true,"mission":null}]}}"#
        let error = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(parsed: try JSONDocument(parsing: text).root) }
        #expect(error.path == ["bookTrips", "launches", 0, "id"])
        #expect(error.reason == .typeMismatch(expected: "a string", found: "a number"))
    }

    @Test func reportsNullAndMissingFieldsWithTheirPaths() throws {
        let null = #"{"bookTrips":{"__typename":"TripUpdateResponse","success":null,"message":null,"launches":null}}"#
        let nullError = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(parsed: try JSONDocument(parsing: null).root) }
        #expect(nullError.path == ["bookTrips", "success"])
        #expect(nullError.reason == .unexpectedNull)
        let missing = #"{"bookTrips":{"__typename":"TripUpdateResponse","success":true,"launches":null}}"#
        let missingError = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(parsed: try JSONDocument(parsing: missing).root) }
        #expect(missingError.path == ["bookTrips", "message"])
        #expect(missingError.reason == .missingField)
        let notAnObject = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(parsed: try JSONDocument(parsing: "[1]").root) }
        #expect(notAnObject.reason == .typeMismatch(expected: "an object", found: "a list"))
    }

    @Test func unknownEnumValuesAreKept() throws {
        let values = try #require(try JSONDocument(parsing: #"["SMALL","HUGE"]"#).root.elements)
        #expect(try values.map { try PatchSize(parsed: $0) } == [.small, .unknown("HUGE")])
    }

    @Test func aResponseObjectOfADocumentStillGivesItsFields() throws {
        let object = ResponseObject(parsed: try JSONDocument(parsing: #"{"__typename":"Launch","id":"9"}"#).root)
        #expect(object.fields == ["__typename": "Launch", "id": "9"])
        #expect(object.typename == "Launch")
    }
}

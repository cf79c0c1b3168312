@testable import ApogeeAPI
@testable import ApogeeStore
import Testing

/// A persistent source reads each row's fields straight from their text; what it reads must be
/// the record that ``Record/persistedJSON`` wrote, and text that is not that form must fail.
@Suite("Persisted record text")
struct PersistedRecordTextTests {
    static let record = Record(key: "Launch:1", fields: [
        "id": .scalar(.string("1")),
        "name": .scalar(.string("Sputnik \"1\"\n")),
        "count": .scalar(.int(-3)),
        "ratio": .scalar(.double(0.25)),
        "isBooked": .scalar(.bool(false)),
        "missing": .null,
        "tags": .scalar(.array([.string("a"), .null, .int(2)])),
        "location": .scalar(.object(["lat": .double(1.5), "nested": .object(["$ref": .string("not a link")])])),
        "rocket": .reference("Rocket:falcon9"),
        "crew": .list([.reference("Person:1"), .null, .list([.reference("Person:2")]), .scalar(.string("x"))]),
        "empty": .list([]),
    ])

    @Test("the text of persistedJSON reads back as the same record, field by field")
    func roundTrip() throws {
        let text = JSONValue.object(Self.record.persistedJSON).serializedString
        let read = try Record(key: "Launch:1", persistedText: text)
        #expect(read == Self.record)
        #expect(read == (try Record(key: "Launch:1", persistedJSON: Self.record.persistedJSON)))
    }

    @Test(
        "text that is not a persisted record is an error",
        arguments: [
            "", "[]", "{", #"{"a":}"#, #"{"a":1} x"#, #"{"a":{}}"#, #"{"a":{"$ref":1}}"#, #"{"a":{"$ref":"K","b":2}}"#,
            #"{"a":{"$list":{}}}"#, #"{"a":{"$json":[1]}}"#, #"{"a":{"other":1}}"#, #"{"a":{"$list":[{"$ref":"K"}"#,
        ]
    )
    func malformed(text: String) {
        #expect(throws: RecordEncodingError.self) { try Record(key: "K", persistedText: text) }
    }

    @Test("lists nested past the parsing limit are refused, not followed down the stack")
    func deepNesting() {
        let depth = JSONValue.maximumParsingDepth + 10
        let text = #"{"a":"# + String(repeating: #"{"$list":["#, count: depth) + String(repeating: "]}", count: depth) + "}"
        #expect(throws: RecordEncodingError.self) { try Record(key: "K", persistedText: text) }
    }
}

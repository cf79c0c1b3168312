@testable import ApogeeAPI
import Testing

/// A response's errors placed at the `null`s they explain, and what each reader makes of them:
/// a required value fails with a field error, an optional place takes it as `nil`, a
/// `FieldResult` holds it, and a `null` nobody explains stays what it was.
@Suite("Field errors in decoding")
struct FieldErrorDecodingTests {
    static let text = #"{"launch":{"id":"1","mission":null,"tags":["a",null],"plain":null},"other":null}"#
    static let mission = GraphQLError(message: "mission failed", path: ["launch", "mission"])
    static let tag = GraphQLError(message: "tag failed", path: ["launch", "tags", 1])
    /// A non-null field deep inside `other` failed; the server nulled `other`.
    static let bubbled = GraphQLError(message: "deep failure", path: ["other", "rocket", "name"])
    static let atAValue = GraphQLError(message: "not a null", path: ["launch", "id"])
    static let nowhere = GraphQLError(message: "no such place", path: ["launch", "crew", 3])
    static let withoutPath = GraphQLError(message: "no path")

    func data() throws -> JSONDocument.Value {
        try JSONDocument(parsing: Self.text).root.withFieldErrors(
            [Self.mission, Self.tag, Self.bubbled, Self.atAValue, Self.nowhere, Self.withoutPath])
    }

    func launch() throws -> JSONDocument.Value {
        try #require(try data().member("launch"))
    }

    @Test("each error lands at the first null on its path; errors at values, nowhere or without a path land nowhere")
    func placement() throws {
        let data = try data()
        let launch = try launch()
        #expect(launch.member("mission")?.fieldErrors == [Self.mission])
        #expect(launch.member("tags")?.elements?[1].fieldErrors == [Self.tag])
        #expect(data.member("other")?.fieldErrors == [Self.bubbled])
        #expect(launch.member("id")?.fieldErrors == [])
        #expect(launch.member("plain")?.fieldErrors == [])
        #expect(data.document.fieldErrorList == [Self.mission, Self.tag, Self.bubbled])
        // Without errors, the document itself, unchanged.
        let plain = try JSONDocument(parsing: Self.text).root
        #expect(plain.withFieldErrors([Self.withoutPath]).document === plain.document)
    }

    @Test("a required value at an explained null fails with the field's errors; at an unexplained one, as before")
    func requiredValues() throws {
        let launch = try launch()
        let failure = try #require(throws: ResponseDecodingError.self) { try String(parsed: #require(launch.member("mission"))) }
        #expect(failure.reason == .fieldError)
        #expect(failure.fieldErrors == [Self.mission])
        let unexplained = try #require(throws: ResponseDecodingError.self) { try String(parsed: #require(launch.member("plain"))) }
        #expect(unexplained.reason == .unexpectedNull)
        let inList = try #require(throws: ResponseDecodingError.self) { try [String](parsed: #require(launch.member("tags"))) }
        #expect(inList.reason == .fieldError)
        #expect(inList.path == [1])
    }

    @Test("an optional place takes a field error inside it as nil; a FieldResult holds it")
    func optionalsAndResults() throws {
        let launch = try launch()
        let tags = try #require(launch.member("tags"))
        #expect(try [String]?(parsed: tags) == nil)
        #expect(try [String?](parsed: tags) == ["a", nil])
        #expect(try FieldResult<[String]>(parsed: tags) == .failure([Self.tag]))
        #expect(try FieldResult<String>(parsed: #require(launch.member("mission"))) == .failure([Self.mission]))
        #expect(try FieldResult<String>(parsed: #require(launch.member("id"))) == .success("1"))
        #expect(try FieldResult<String?>(parsed: #require(launch.member("plain"))) == .success(nil))
        #expect(throws: FieldFailure(errors: [Self.tag])) { try FieldResult<[String]>(parsed: tags).get() }
    }

    @Test("the readers generated code picks: catching gives nil, throwing fails on an explained null and passes a plain one")
    func objectReaders() throws {
        let object = ResponseObject(parsed: try launch())
        #expect(try object.decodeCatchingFieldErrors("mission", as: String.self) == nil)
        #expect(try object.decodeCatchingFieldErrors("tags", as: [String].self) == nil)
        let thrown = try #require(throws: ResponseDecodingError.self) { try object.decodeThrowingFieldErrors("mission", as: String.self) }
        #expect(thrown.reason == .fieldError)
        #expect(thrown.path == ["mission"])
        #expect(try object.decodeThrowingFieldErrors("plain", as: String.self) == nil)
        // Inside the value, the error is not the optional's to take.
        let inside = try #require(throws: ResponseDecodingError.self) { try object.decodeThrowingFieldErrors("tags", as: [String].self) }
        #expect(inside.path == ["tags", 1])
        #expect(try object.decode("tags", as: [String]?.self) == nil)
    }

    @Test("an assembled document places the errors of the nulls appended with them, and forgets those rolled back")
    func assembled() throws {
        var assembler = JSONDocument.Assembler()
        let object = assembler.beginObject()
        assembler.appendName("kept", toObjectAt: object)
        // A value replaced, as a partial read replaces what it could not read whole.
        let mark = assembler.mark
        assembler.appendNull(explainedBy: [Self.tag])
        assembler.rollBack(to: mark)
        assembler.appendNull(explainedBy: [Self.mission])
        assembler.appendName("plain", toObjectAt: object)
        assembler.appendNull()
        assembler.endObject(at: object)
        let document = assembler.finish()
        #expect(document.root.member("kept")?.fieldErrors == [Self.mission])
        #expect(document.root.member("plain")?.fieldErrors == [])
        #expect(document.fieldErrorList == [Self.mission])
    }
}

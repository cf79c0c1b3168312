@testable import ApogeeAPI
import Testing

/// The store reads records back into a `JSONDocument` it assembles from the values it holds;
/// generated types must find there exactly what they find in a parsed response.
@Suite("JSONDocument: assembled from values, read as if parsed")
struct AssembledDocumentTests {
    @Test("An assembled value reads as the parsed text of the same value", arguments: JSONDocumentTests.valid)
    func readsAsParsed(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        var assembler = JSONDocument.Assembler()
        assembler.append(value)
        let assembled = assembler.finish().root
        #expect(assembled.jsonValue == value)
        try expectSameReading(assembled, try JSONDocument(parsing: text).root)
    }

    @Test("Typed readers take held strings and numbers, and refuse a wrong kind with the parsed errors")
    func typedReads() throws {
        var assembler = JSONDocument.Assembler()
        let object = assembler.beginObject()
        for (name, value) in [("s", JSONValue.string("a body with \"quotes\" and é")), ("i", .int(-42)), ("d", .double(2.0)), ("f", .double(2.5))] {
            assembler.appendName(name, toObjectAt: object)
            assembler.append(value)
        }
        assembler.endObject(at: object)
        let root = assembler.finish().root
        #expect(try String(parsed: #require(root.member("s"))) == "a body with \"quotes\" and é")
        #expect(try Int(parsed: #require(root.member("i"))) == -42)
        #expect(try Int(parsed: #require(root.member("d"))) == 2)
        #expect(try Double(parsed: #require(root.member("i"))) == -42)
        #expect(try Double(parsed: #require(root.member("f"))) == 2.5)
        #expect(root.member("missing") == nil)
        for (name, reader) in [("s", { try Int(parsed: $0) } as (JSONDocument.Value) throws -> Int), ("f", { try Int(parsed: $0) })] {
            let value = try #require(root.member(name))
            let parsed = try #require(try JSONDocument(parsing: #"{"s":"x","f":2.5}"#).root.member(name))
            #expect(errorText { _ = try reader(value) } == errorText { _ = try reader(parsed) })
            #expect(errorText { _ = try reader(value) } != nil)
        }
    }

    @Test("A name given twice (a scalar the store read twice) is found; a rolled-back value is gone")
    func repeatedNamesAndRollBack() throws {
        var assembler = JSONDocument.Assembler()
        let object = assembler.beginObject()
        assembler.appendName("same", toObjectAt: object)
        assembler.append(.int(1))
        #expect(assembler.hasMember(named: "same", inObjectAt: object))
        #expect(!assembler.hasMember(named: "sam", inObjectAt: object))
        assembler.appendName("same", toObjectAt: object)
        assembler.append(.int(1))
        assembler.appendName("child", toObjectAt: object)
        let mark = assembler.mark
        let child = assembler.beginObject()
        assembler.appendName("partly", toObjectAt: child)
        assembler.append(.string("read"))
        // The child could not be read whole: it becomes null, as a partial read makes it.
        assembler.rollBack(to: mark)
        assembler.appendNull()
        assembler.endObject(at: object)
        let root = assembler.finish().root
        #expect(try Int(parsed: #require(root.member("same"))) == 1)
        #expect(root.member("child")?.isNull == true)
        #expect(root.jsonValue == ["same": 1, "child": .null])
        #expect(root.objectCount == 1)
    }

    /// Reads both values every way a generated type or the normalizer can, and compares.
    private func expectSameReading(_ assembled: JSONDocument.Value, _ parsed: JSONDocument.Value) throws {
        #expect(assembled.kindDescription == parsed.kindDescription)
        #expect(assembled.isNull == parsed.isNull)
        #expect(assembled.stringValue == parsed.stringValue)
        #expect(assembled.intValue == parsed.intValue)
        #expect(assembled.doubleValue == parsed.doubleValue)
        #expect(assembled.boolValue == parsed.boolValue)
        #expect(assembled.objectCount == parsed.objectCount)
        if let members = parsed.members {
            let assembledMembers = try #require(assembled.members)
            // Assembled from a tree, whose objects keep no order and no repeated name.
            #expect(Set(assembledMembers.map(\.name)) == Set(members.map(\.name)))
            for name in Set(members.map(\.name)) {
                try expectSameReading(try #require(assembled.member(name)), try #require(parsed.member(name)))
            }
        }
        if let elements = parsed.elements {
            let assembledElements = try #require(assembled.elements)
            #expect(assembledElements.count == elements.count)
            for (mine, theirs) in zip(assembledElements, elements) { try expectSameReading(mine, theirs) }
        }
    }

    private func errorText(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}

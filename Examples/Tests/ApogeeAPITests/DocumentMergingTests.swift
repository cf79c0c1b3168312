@testable import ApogeeAPI
import Testing

/// Incremental delivery merges each payload into the data so far by copying the parsed
/// documents' entries: the result must read exactly as the tree merge of the same JSON, and
/// as a parsed document of that JSON would.
@Suite("JSONDocument: payloads merged in place")
struct DocumentMergingTests {
    struct Merge: CustomTestStringConvertible, Sendable {
        let base: String
        let path: [ResponsePath.Component]
        let addition: String
        /// Whether a name is given twice in one object: the tree keeps one, the document both.
        var repeatsNames = false
        var testDescription: String { "\(addition) into \(base) at \(ResponsePath(path))" }
    }

    static let merges = [
        Merge(base: #"{"a":{"x":1}}"#, path: ["a"], addition: #"{"y":2}"#),
        Merge(base: #"{"a":{"b":{"x":1},"c":[1,2]}}"#, path: ["a"], addition: #"{"b":{"y":{"z":true}},"c":[3,4],"d":"é\n"}"#),
        Merge(base: #"{"a":{"c":[1]}}"#, path: ["a"], addition: #"{"c":[{"k":1},2,3]}"#),
        Merge(base: #"{"list":[{"id":"1"},{"id":"2","n":{"k":1}}],"after":{"q":[{}]}}"#, path: ["list", 1], addition: #"{"n":{"j":2},"m":null}"#),
        Merge(base: #"{"a":1}"#, path: [], addition: #"{"b":[{"c":{}}],"a":{"now":"an object"}}"#),
        Merge(base: #"{"a":{"b":{"c":1}},"z":{}}"#, path: ["a"], addition: #"{"b":"now a string"}"#),
        Merge(base: #"{"a\u0041":1,"q":{"x":1}}"#, path: [], addition: #"{"aA":2,"q":{"y":"\""}}"#),
        Merge(
            base: #"{"o":{"f1":1,"f5":{"x":1},"kept":[{"deep":{}}]}}"#, path: ["o"],
            addition: #"{"f0":0,"f1":{"one":1},"f2":2,"f3":3,"f4":4,"f5":{"y":2},"f6":6,"f7":7,"f8":8,"f9":[9],"f10":{},"f11":null}"#),
        Merge(base: #"{"o":{"a":1,"a":{"x":1}}}"#, path: ["o"], addition: #"{"a":{"y":2}}"#, repeatsNames: true),
        Merge(base: #"{"o":{"a":{"x":1}}}"#, path: ["o"], addition: #"{"a":{"y":1},"a":{"y":2},"b":1,"b":{"c":3}}"#, repeatsNames: true),
        // A name the base repeats, each time matched by a large value: merged into the last only,
        // so the addition's entries are copied once.
        Merge(base: #"{"o":{"a":1,"a":2,"a":{"x":1}}}"#, path: ["o"], addition: #"{"a":{"big":[1,2,3,{"k":{"l":[{}]}}]}}"#, repeatsNames: true),
        Merge(base: #"{"o":{"a":[1],"a":{"x":1}}}"#, path: ["o"], addition: #"{"a":[{"m":{}}],"a":{"y":[{},{}]}}"#, repeatsNames: true),
    ]

    @Test("Merged fields read as the tree merge of the same JSON", arguments: merges)
    func mergesAsTheTreeMerges(_ merge: Merge) throws {
        let base = try JSONDocument(parsing: merge.base).root
        let addition = try JSONDocument(parsing: merge.addition).root
        let merged = base.merging(addition, intoObjectAt: try Self.place(merge.path, in: base))

        var expected = try JSONValue(parsing: merge.base)
        try Self.change(&expected, at: merge.path[...]) { value in
            value = value.merging(try JSONValue(parsing: merge.addition))
        }
        #expect(merged.jsonValue == expected)
        #expect(merged.readsText)
        if merge.repeatsNames { return }
        try Self.expectSameShape(merged, as: try JSONDocument(parsing: expected.serialized()).root)
    }

    struct Splice: CustomTestStringConvertible, Sendable {
        let base: String
        let items: String
        let first: Int
        var testDescription: String { "\(items) into \(base) from \(first)" }
    }

    static let splices = [
        Splice(base: #"{"l":[1,2]}"#, items: "[3,4]", first: 2),
        Splice(base: #"{"l":[1,2,3]}"#, items: "[3,4]", first: 1),
        Splice(base: #"{"l":[1,2,3]}"#, items: "[9]", first: 0),
        Splice(base: #"{"l":[{"a":{"b":1}}],"m":{"n":{}}}"#, items: #"[{"a":{"c":2}},{"d":[{}]}]"#, first: 1),
        Splice(base: #"{"l":[]}"#, items: "[]", first: 0),
    ]

    @Test("Streamed items placed in a list read as the tree's list with them", arguments: splices)
    func splicesAsTheTreeDoes(_ splice: Splice) throws {
        let base = try JSONDocument(parsing: splice.base).root
        let items = try JSONDocument(parsing: splice.items).root
        let merged = base.splicing(items, intoListAt: try Self.place(["l"], in: base), from: splice.first)

        var expected = try JSONValue(parsing: splice.base)
        let newItems = try #require(try JSONValue(parsing: splice.items).arrayValue)
        try Self.change(&expected, at: ["l"]) { value in
            var list = value.arrayValue ?? []
            list.replaceSubrange(splice.first..<min(splice.first + newItems.count, list.count), with: newItems)
            value = .array(list)
        }
        #expect(merged.jsonValue == expected)
        try Self.expectSameShape(merged, as: try JSONDocument(parsing: expected.serialized()).root)
    }

    @Test("A merged document is merged again, each time reading the texts so far")
    func mergesAgain() throws {
        var data = try JSONDocument(parsing: #"{"launch":{"id":"1"},"list":[{"id":"a"}]}"#).root
        for (index, addition) in [#"{"site":"KSC"}"#, #"{"mission":{"name":"Starlink"}}"#, #"{"site":"Vandenberg"}"#].enumerated() {
            data = data.merging(try JSONDocument(parsing: addition).root, intoObjectAt: try Self.place(["launch"], in: data))
            data = data.splicing(try JSONDocument(parsing: #"[{"id":"\#(index)"}]"#).root, intoListAt: try Self.place(["list"], in: data), from: index + 1)
        }
        #expect(data.jsonValue == (try JSONValue(parsing: #"{"launch":{"id":"1","site":"Vandenberg","mission":{"name":"Starlink"}},"list":[{"id":"a"},{"id":"0"},{"id":"1"},{"id":"2"}]}"#)))
        #expect(data.objectCount == 7)
    }

    /// The values from below `root` down to the one `path` leads to.
    static func place(_ path: [ResponsePath.Component], in root: JSONDocument.Value) throws -> [JSONDocument.Value] {
        var place: [JSONDocument.Value] = []
        var value = root
        for step in path {
            switch step {
            case .field(let name): value = try #require(value.member(name))
            case .index(let index): value = try #require(value.element(at: index))
            }
            place.append(value)
        }
        return place
    }

    static func change(_ value: inout JSONValue, at path: ArraySlice<ResponsePath.Component>, _ body: (inout JSONValue) throws -> Void) throws {
        guard let step = path.first else { return try body(&value) }
        switch (step, value) {
        case (.field(let name), .object(var object)):
            var child = try #require(object[name])
            try change(&child, at: path.dropFirst(), body)
            object[name] = child
            value = .object(object)
        case (.index(let index), .array(var list)):
            try change(&list[index], at: path.dropFirst(), body)
            value = .array(list)
        default:
            Issue.record("the path does not fit \(value)")
        }
    }

    /// Reads the merged value as the parsed one, member by member: the same kinds, the same
    /// names and the same counts of objects inside, which decoding sizes its work by.
    static func expectSameShape(_ merged: JSONDocument.Value, as parsed: JSONDocument.Value) throws {
        #expect(merged.kindDescription == parsed.kindDescription)
        #expect(merged.objectCount == parsed.objectCount)
        #expect(merged.stringValue == parsed.stringValue)
        #expect(merged.doubleValue == parsed.doubleValue)
        if let members = parsed.members {
            #expect(try #require(merged.members).map(\.name).sorted() == members.map(\.name).sorted())
            for (name, value) in members {
                try expectSameShape(try #require(merged.member(name)), as: value)
            }
        }
        if let elements = parsed.elements {
            let mergedElements = try #require(merged.elements)
            #expect(mergedElements.count == elements.count)
            for (mine, theirs) in zip(mergedElements, elements) { try expectSameShape(mine, as: theirs) }
        }
    }
}

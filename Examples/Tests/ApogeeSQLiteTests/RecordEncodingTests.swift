@testable import ApogeeAPI
@testable import ApogeeSQLite
@testable import ApogeeStore
import TestSupport
import Testing

@Suite("Every kind of field value reads back from the file as written")
struct RecordEncodingTests {
    @Test("nulls, scalars, JSON objects, references and nested lists survive reopening")
    func roundTrip() async throws {
        try await TemporaryFolder.with { folder in
            let fields: [String: RecordValue] = [
                "null": .null,
                "string": .scalar("quote \" backslash \\ newline \n é 🚀"),
                "int": .scalar(42),
                "double": .scalar(1.0),
                "bool": .scalar(false),
                "scalars": .scalar(["a", 1, nil]),
                "object": .scalar(["nested": ["deep": true], "list": [1, 2]]),
                "reference": .reference("Launch:1"),
                #"launch({"id":"1"})"#: .reference("Launch:1"),
                "list": .list([.reference("Launch:1"), .null, .list([.reference("Launch:2")]), .list([])]),
            ]
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().transaction { try $0.setFields(fields, of: "Everything:1") }
            }
            let file = try folder.openStoreFile()
            #expect(try file.recordSource.record(for: "Everything:1") == Record(key: "Everything:1", fields: fields))
        }
    }

    @Test("a write of 103 records, stepped as statements of 64, 32, 4, 2 and 1 rows, reads back whole")
    func manyRowsRoundTrip() async throws {
        try await TemporaryFolder.with { folder in
            let records = (0..<103).map { index in
                Record(key: CacheKey("Launch:\(index)"), fields: [
                    "id": .scalar(.string(String(index))),
                    "site": index.isMultiple(of: 3) ? .null : .scalar(.string("Pad \"\(index)\"")),
                    "flight": .scalar(.int(index * 1_000 - 50_000)),
                    "rocket": .reference(CacheKey("Rocket:\(index % 4)")),
                ])
            }
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().transaction { transaction in
                    for record in records { try transaction.setFields(record.fields, of: record.key) }
                }
            }
            let file = try folder.openStoreFile()
            let read = try file.recordSource.records(for: records.map(\.key))
            #expect(read.count == records.count)
            for record in records {
                #expect(read[record.key] == record)
            }
        }
    }

    @Test("numbers at every width, control characters, field errors and keys that need escaping survive reopening")
    func edgesRoundTrip() async throws {
        try await TemporaryFolder.with { folder in
            var fields: [String: RecordValue] = [
                "control": .scalar("tab \t bell \u{07} nul \u{00} end"),
                "empty": .scalar(""),
                "fraction": .scalar(-0.125),
                "failed": .fieldError([GraphQLError(message: "no \"site\" for this launch")]),
                #"site(format: "a\\b")"#: .scalar("KSC"),
                "quoted": .reference(#"Launch:{"id":"7"}"#),
            ]
            for (offset, number) in [0, 9, 10, 99, 100, -1, -7, -10, 1_000_000, Int.max, Int.min, Int.max / 10 + 1].enumerated() {
                fields["int\(offset)"] = .scalar(.int(number))
            }
            // A byte that needs an escape at every place of a string longer than two words of
            // eight bytes, which the writer checks a word at a time, and text beside it that
            // needs none (bytes of 0x80 and above, DEL).
            for (offset, escaped) in ["\"", "\\", "\n", "\u{1F}"].enumerated() {
                for place in 0..<18 {
                    var text = Array("é launch 🚀 \u{7F} site of a rocket".unicodeScalars.prefix(18))
                    text[place] = Unicode.Scalar(escaped)!
                    fields["escape\(offset).\(place)"] = .scalar(.string(String(String.UnicodeScalarView(text))))
                }
            }
            fields["plain"] = .scalar("a name of more than sixteen bytes, é and 🚀 too")
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().transaction { try $0.setFields(fields, of: "Edges:1") }
            }
            let file = try folder.openStoreFile()
            #expect(try file.recordSource.record(for: "Edges:1") == Record(key: "Edges:1", fields: fields))
        }
    }
}

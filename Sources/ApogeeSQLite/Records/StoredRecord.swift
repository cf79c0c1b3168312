import ApogeeAPI
import ApogeeStore

/// A record as the SQLite source keeps it: its fields and when each was last written.
///
/// Write times are per field because a write often sets only some fields of a record, and it
/// must not make the others look fresh.
struct StoredRecord {
    var record: Record
    /// When each field was last written.
    var written: WriteTimes
    /// The bytes its row takes (key, fields and write times), for the size limit; 0 until stored.
    var size = 0

    /// A new record, every field written at `time`, expiring at `deadlines`.
    init(key: CacheKey, fields: [String: RecordValue], at time: Int64, expiring deadlines: [String: Int64]?) {
        record = Record(key: key, fields: fields, expirations: deadlines ?? [:])
        written = WriteTimes(allAt: time)
    }

    init(record: Record, written: WriteTimes, size: Int) {
        self.record = record
        self.written = written
        self.size = size
    }

    /// Removes fields, then sets fields, noting `time` as their write time and `deadlines`
    /// as their expiry times.
    mutating func patch(setting fields: [String: RecordValue], removing removed: Set<String>, at time: Int64, expiring deadlines: [String: Int64]?) {
        written.note(setting: fields.keys, removing: removed, at: time, before: record.fields)
        record.patch(setting: fields, removing: removed, deadlines: deadlines)
    }
}

extension StoredRecord {
    /// Reads a record from its row's columns; the error says what is wrong with them.
    init(key: CacheKey, fields fieldsText: String, written writtenText: String, expires expiresText: String?, size: Int) throws(StoredRecordError) {
        let record: Record
        do {
            record = try Record(key: key, persistedText: fieldsText)
        } catch {
            throw StoredRecordError(message: error.message)
        }
        var stored = StoredRecord(record: record, written: try Self.writeTimes(writtenText, fields: record.fields), size: size)
        if let expiresText {
            guard case .object(let times)? = try? JSONValue(parsing: expiresText) else {
                throw StoredRecordError(message: "the expiry times are not a JSON object")
            }
            for (name, time) in times {
                guard case .int(let milliseconds) = time else { throw StoredRecordError(message: "the expiry time of \(name) is not an integer") }
                stored.record.expirations[name] = Int64(milliseconds)
            }
        }
        self = stored
    }

    /// Reads the `written` column, `[[time, "a", "b"], …]`, straight into times by field; or
    /// `[[time]]`, every one of `fields` written at `time`, which makes no table at all.
    private static func writeTimes(_ text: String, fields: [String: RecordValue]) throws(StoredRecordError) -> WriteTimes {
        do {
            return try JSONParser.read(text) { parser throws(JSONParsingError) in
                // Made at its size only once the grouped form shows: `[[time]]` needs no table.
                var written: [String: Int64] = [:]
                try parser.expect(UInt8(ascii: "["))
                if !parser.take(UInt8(ascii: "]")) {
                    var groups = 0
                    repeat {
                        groups += 1
                        try parser.expect(UInt8(ascii: "["))
                        guard case .int(let time) = try parser.readValue() else {
                            throw parser.error("a write time group is not [time, \"field\", …]")
                        }
                        if parser.take(UInt8(ascii: "]")) {
                            // `[[time]]`: the whole record at once. Nothing else may stand beside it.
                            guard groups == 1, !parser.take(UInt8(ascii: ",")) else {
                                throw parser.error("a write time group without fields beside other groups")
                            }
                            try parser.expect(UInt8(ascii: "]"))
                            return WriteTimes(allAt: Int64(time))
                        }
                        if written.isEmpty { written.reserveCapacity(fields.count) }
                        while parser.take(UInt8(ascii: ",")) {
                            written[try parser.readString()] = Int64(time)
                        }
                        try parser.expect(UInt8(ascii: "]"))
                    } while parser.take(UInt8(ascii: ","))
                    try parser.expect(UInt8(ascii: "]"))
                }
                return WriteTimes(written)
            }
        } catch {
            throw StoredRecordError(message: "the write times are not [[time, \"field\", …], …]: \(error)")
        }
    }
}

/// What is wrong with a stored record's columns.
struct StoredRecordError: Error {
    var message: String
}

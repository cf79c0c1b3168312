import ApogeeAPI
import ApogeeStore

/// A record as the SQLite source keeps it: its fields and when each was last written.
///
/// Write times are per field because a write often sets only some fields of a record, and it
/// must not make the others look fresh.
struct StoredRecord {
    var record: Record
    /// When each field was last written, in milliseconds since 1970.
    var written: [String: Int64]
    /// The bytes its row takes (key, fields and write times), for the size limit; 0 until stored.
    var size = 0

    /// A new record, every field written at `time`, expiring at `deadlines`.
    init(key: CacheKey, fields: [String: RecordValue], at time: Int64, expiring deadlines: [String: Int64]?) {
        record = Record(key: key, fields: fields, expirations: deadlines ?? [:])
        written = [String: Int64](minimumCapacity: fields.count)
        for name in fields.keys { written[name] = time }
    }

    init(record: Record, written: [String: Int64], size: Int) {
        self.record = record
        self.written = written
        self.size = size
    }

    /// Removes fields, then sets fields, noting `time` as their write time and `deadlines`
    /// as their expiry times.
    mutating func patch(setting fields: [String: RecordValue], removing removed: Set<String>, at time: Int64, expiring deadlines: [String: Int64]?) {
        record.removeFields(removed)
        for name in removed { written[name] = nil }
        for (name, value) in fields {
            record.fields[name] = value
            written[name] = time
        }
        record.stamp(fields.keys, deadlines: deadlines)
    }
}

extension StoredRecord {
    /// Reads a record from its row's columns; the error says what is wrong with them.
    init(key: CacheKey, fields fieldsText: String, written writtenText: String, expires expiresText: String?, size: Int) throws(StoredRecordError) {
        guard case .object(let fields)? = try? JSONValue(parsing: fieldsText) else {
            throw StoredRecordError(message: "the fields are not a JSON object")
        }
        let record: Record
        do {
            record = try Record(key: key, persistedJSON: fields)
        } catch {
            throw StoredRecordError(message: error.message)
        }
        guard case .array(let groups)? = try? JSONValue(parsing: writtenText) else {
            throw StoredRecordError(message: "the write times are not a JSON array")
        }
        var written = [String: Int64](minimumCapacity: fields.count)
        for group in groups {
            guard case .array(let items) = group, case .int(let time)? = items.first else {
                throw StoredRecordError(message: "a write time group is not [time, \"field\", …]")
            }
            for case .string(let name) in items.dropFirst() { written[name] = Int64(time) }
        }
        var stored = StoredRecord(record: record, written: written, size: size)
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
}

/// What is wrong with a stored record's columns.
struct StoredRecordError: Error {
    var message: String
}

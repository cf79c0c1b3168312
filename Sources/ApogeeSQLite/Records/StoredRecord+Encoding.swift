import ApogeeAPI
import ApogeeStore

/// Where a row's three columns lie in the text they were written into.
struct ColumnSpans {
    var fields: Range<Int>
    var written: Range<Int>
    /// `nil` when no field has an expiry time: the column is `NULL`.
    var expires: Range<Int>?
}

extension StoredRecord {
    /// Writes the row's three columns one after another into `text`; returns where each lies.
    func writeColumns(into text: ColumnText) -> ColumnSpans {
        let fieldsStart = text.count
        writeFieldsColumn(into: text)
        let writtenStart = text.count
        writeWrittenColumn(into: text)
        let expiresStart = text.count
        let expires = writeExpiresColumn(into: text)
        return ColumnSpans(fields: fieldsStart..<writtenStart, written: writtenStart..<expiresStart, expires: expires ? expiresStart..<text.count : nil)
    }

    /// Writes the text of the `fields` column: the record's fields in the form of
    /// `Record.persistedJSON`, written straight out rather than built as JSON values first,
    /// which halves the cost of a large write.
    func writeFieldsColumn(into writer: ColumnText) {
        writer.writeRaw("{")
        var first = true
        for (name, value) in record.fields {
            if !first { writer.writeRaw(",") }
            first = false
            writer.write(name)
            writer.writeRaw(":")
            writer.writePersisted(value)
        }
        writer.writeRaw("}")
    }

    /// Writes the text of the `written` column: fields grouped by write time, `[[time, "a", "b"], …]`,
    /// since the fields of one write share a time and a record has few writes; `[[time]]`
    /// when every field was written at `time` (schema version 4).
    func writeWrittenColumn(into writer: ColumnText) {
        writer.writeRaw("[")
        if let time = written.commonTime(of: record.fields) {
            writeGroup(time: time, names: EmptyCollection(), into: writer)
        } else {
            for (offset, group) in written.groups(of: record.fields).enumerated() {
                if offset > 0 { writer.writeRaw(",") }
                writeGroup(time: group.time, names: group.names, into: writer)
            }
        }
        writer.writeRaw("]")
    }

    /// Writes the text of the `expires` column, `{"field": milliseconds, …}`, and returns
    /// `true`; or writes nothing and returns `false` when no field has an expiry time (most
    /// records), which stores as `NULL`.
    func writeExpiresColumn(into writer: ColumnText) -> Bool {
        guard !record.expirations.isEmpty else { return false }
        writer.writeRaw("{")
        for (offset, (name, time)) in record.expirations.sorted(by: { $0.key < $1.key }).enumerated() {
            if offset > 0 { writer.writeRaw(",") }
            writer.write(name)
            writer.writeRaw(":")
            writer.write(Int(time))
        }
        writer.writeRaw("}")
        return true
    }

    private func writeGroup(time: Int64, names: some Sequence<String>, into writer: ColumnText) {
        writer.writeRaw("[")
        writer.write(Int(time))
        for name in names {
            writer.writeRaw(",")
            writer.write(name)
        }
        writer.writeRaw("]")
    }
}

extension JSONWriter {
    /// Writes a field value as `RecordValue.persistedJSON` would give it.
    mutating func writePersisted(_ value: RecordValue) {
        switch value {
        case .null:
            writeRaw("null")
        case .fieldError(let errors):
            writeRaw("{\"$errors\":")
            write(.array(errors.map(\.jsonValue)))
            writeRaw("}")
        case .scalar(.object(let object)):
            writeRaw("{\"$json\":")
            write(.object(object))
            writeRaw("}")
        case .scalar(let json):
            write(json)
        case .reference(let key):
            writeRaw("{\"$ref\":")
            write(key.rawValue)
            writeRaw("}")
        case .list(let elements):
            writeRaw("{\"$list\":[")
            for (offset, element) in elements.enumerated() {
                if offset > 0 { writeRaw(",") }
                writePersisted(element)
            }
            writeRaw("]}")
        }
    }
}

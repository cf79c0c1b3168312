import ApogeeAPI

extension JSONWriter {
    /// Writes a variable value, keeping the declared order of input object fields so that the
    /// same variables always give the same bytes. Uploads are written as `null`, as the
    /// multipart request specification asks; the files travel in their own parts.
    mutating func write(_ input: InputValue) {
        switch input {
        case .json(let value):
            write(value)
        case .list(let values):
            writeRaw("[")
            for (offset, value) in values.enumerated() {
                if offset > 0 { writeRaw(",") }
                write(value)
            }
            writeRaw("]")
        case .object(let fields):
            write(fields)
        case .upload:
            writeRaw("null")
        }
    }

    /// Writes fields as a JSON object in their order.
    mutating func write(_ fields: [InputField]) {
        writeRaw("{")
        for (offset, field) in fields.enumerated() {
            if offset > 0 { writeRaw(",") }
            write(field.name)
            writeRaw(":")
            write(field.value)
        }
        writeRaw("}")
    }
}

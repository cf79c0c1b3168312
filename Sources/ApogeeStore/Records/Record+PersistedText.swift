import ApogeeAPI

extension Record {
    /// Reads a record from ``persistedJSON`` as text, straight into its fields: what a
    /// persistent record source does for every row it loads. Parsing the text into JSON values
    /// and then converting them would hash every field name twice and build every value twice.
    /// - Throws: ``RecordEncodingError`` when the text is not JSON, or not in the persisted form.
    package init(key: CacheKey, persistedText text: String) throws(RecordEncodingError) {
        let fields: [String: RecordValue]
        do {
            fields = try JSONParser.read(text) { parser throws(JSONParsingError) in
                try parser.expect(UInt8(ascii: "{"))
                // Read as pairs, then hashed into a table made at its final size: filled as it
                // was read, the table grew and hashed its names again a few times per record.
                var pairs: [(String, RecordValue)] = []
                pairs.reserveCapacity(16)
                if !parser.take(UInt8(ascii: "}")) {
                    repeat {
                        let name = try parser.readString()
                        try parser.expect(UInt8(ascii: ":"))
                        pairs.append((name, try RecordValue.readPersisted(from: &parser)))
                    } while parser.take(UInt8(ascii: ","))
                    try parser.expect(UInt8(ascii: "}"))
                }
                // A name given twice keeps its last value, as JSON objects do here.
                return Dictionary(pairs, uniquingKeysWith: { _, last in last })
            }
        } catch {
            throw RecordEncodingError(message: error.description)
        }
        self.init(key: key, fields: fields)
    }
}

extension RecordValue {
    /// Reads one value in the form ``persistedJSON`` writes: `null`, a scalar, or an object
    /// that is exactly one of `{"$ref": key}`, `{"$list": […]}`, `{"$json": object}` and
    /// `{"$errors": […]}`.
    static func readPersisted(from parser: inout JSONParser) throws(JSONParsingError) -> RecordValue {
        guard parser.peek() == UInt8(ascii: "{") else {
            let value = try parser.readValue()
            if case .null = value { return .null }
            return .scalar(value)
        }
        try parser.expect(UInt8(ascii: "{"))
        try parser.enterNesting()
        defer { parser.leaveNesting() }
        let tag = parser.peek() == UInt8(ascii: "}") ? "" : try parser.readString()
        try parser.expect(UInt8(ascii: ":"))
        let value: RecordValue
        switch tag {
        case "$ref":
            value = .reference(CacheKey(try parser.readString()))
        case "$list":
            try parser.expect(UInt8(ascii: "["))
            var elements: [RecordValue] = []
            if !parser.take(UInt8(ascii: "]")) {
                repeat {
                    elements.append(try readPersisted(from: &parser))
                } while parser.take(UInt8(ascii: ","))
                try parser.expect(UInt8(ascii: "]"))
            }
            value = .list(elements)
        case "$json":
            guard case .object(let object) = try parser.readValue() else {
                throw parser.error("\"$json\" holds a value that is not an object")
            }
            value = .scalar(.object(object))
        case "$errors":
            guard case .array(let entries) = try parser.readValue() else {
                throw parser.error("\"$errors\" holds a value that is not a list")
            }
            do {
                value = try RecordValue.fieldError(entries)
            } catch {
                throw parser.error(error.message)
            }
        default:
            throw parser.error("an object that is not {\"$ref\": …}, {\"$list\": …}, {\"$json\": …} or {\"$errors\": …}")
        }
        guard parser.take(UInt8(ascii: "}")) else {
            throw parser.error("an object that is not {\"$ref\": …}, {\"$list\": …}, {\"$json\": …} or {\"$errors\": …}")
        }
        return value
    }
}
